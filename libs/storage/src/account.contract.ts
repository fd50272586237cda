import { createHash, randomBytes } from 'node:crypto';
import { DuplicateKeyError, type Storage, type UserRecord } from './ports';
import type { MakeStorage } from './storage.contract';

const ID = /^[0-9a-f]{24}$/;
const UNKNOWN_ID = '0123456789abcdef01234567';
const HOUR = 3_600_000;

let sequence = 0;
function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
}

function newHash(): string {
  return createHash('sha256').update(randomBytes(32)).digest('hex');
}

/**
 * the parts of the store behind the account's e-mail: the e-mailed links (password reset, e-mail
 * change), the notification setting and a changed address. run against each adapter, like the
 * storage contract.
 */
export function describeAccountStorageContract(name: string, makeStorage: MakeStorage): void {
  describe(`account storage contract: ${name}`, () => {
    let storage: Storage;

    beforeAll(async () => {
      storage = await makeStorage();
    });

    afterAll(async () => {
      await storage?.close();
    });

    const newUser = (email = `${unique('acct')}@example.com`): Promise<UserRecord> =>
      storage.users.create({ email, displayName: 'Ada', passwordHash: 'scrypt$salt$hash' });

    describe('notification setting', () => {
      it('is on for a new account, turns off and on, and leaves the rest as it was', async () => {
        const user = await newUser();
        expect(user.notifyOnMessages).toBe(true);
        const off = await storage.users.update(user.id, { notifyOnMessages: false });
        expect(off).toEqual({ ...user, notifyOnMessages: false, updatedAt: expect.any(Date) });
        await expect(storage.users.findById(user.id)).resolves.toMatchObject({ notifyOnMessages: false });
        // a patch of something else keeps it
        await storage.users.update(user.id, { displayName: 'Augusta' });
        await expect(storage.users.findById(user.id)).resolves.toMatchObject({
          notifyOnMessages: false,
          displayName: 'Augusta',
        });
        await storage.users.update(user.id, { notifyOnMessages: true });
        await expect(storage.users.findById(user.id)).resolves.toMatchObject({ notifyOnMessages: true });
      });
    });

    describe('e-mail change', () => {
      it('changes the address (lower-cased), found by the new one and no longer by the old', async () => {
        const user = await newUser();
        const next = `${unique('New')}@Example.com`;
        const changed = await storage.users.update(user.id, { email: next });
        expect(changed).toMatchObject({ id: user.id, email: next.toLowerCase() });
        await expect(storage.users.findByEmail(next)).resolves.toMatchObject({ id: user.id });
        await expect(storage.users.findByEmail(user.email)).resolves.toBeNull();
        // the old address is free again
        await expect(newUser(user.email)).resolves.toMatchObject({ email: user.email });
      });

      it("refuses another account's address, in any case, and changes nothing", async () => {
        const user = await newUser();
        const other = await newUser();
        const error = await storage.users.update(user.id, { email: other.email.toUpperCase() }).then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).key).toBe('email');
        await expect(storage.users.findById(user.id)).resolves.toMatchObject({ email: user.email });
      });
    });

    describe('account tokens', () => {
      it('stores a token for a user and gives it once, then never again', async () => {
        const user = await newUser();
        const tokenHash = newHash();
        const expiresAt = new Date(Date.now() + HOUR);
        const created = await storage.accountTokens.create({
          userId: user.id,
          purpose: 'email-change',
          tokenHash,
          newEmail: 'next@example.com',
          expiresAt,
        });
        expect(created).toEqual({
          id: expect.stringMatching(ID),
          userId: user.id,
          purpose: 'email-change',
          tokenHash,
          newEmail: 'next@example.com',
          createdAt: expect.any(Date),
          expiresAt,
        });
        // the wrong purpose does not take it
        await expect(
          storage.accountTokens.consume(tokenHash, 'password-reset', new Date()),
        ).resolves.toBeNull();
        await expect(storage.accountTokens.consume(tokenHash, 'email-change', new Date())).resolves.toEqual(
          created,
        );
        await expect(
          storage.accountTokens.consume(tokenHash, 'email-change', new Date()),
        ).resolves.toBeNull();
      });

      it('gives one token to exactly one of two concurrent callers', async () => {
        const user = await newUser();
        const tokenHash = newHash();
        await storage.accountTokens.create({
          userId: user.id,
          purpose: 'password-reset',
          tokenHash,
          newEmail: null,
          expiresAt: new Date(Date.now() + HOUR),
        });
        const results = await Promise.all([
          storage.accountTokens.consume(tokenHash, 'password-reset', new Date()),
          storage.accountTokens.consume(tokenHash, 'password-reset', new Date()),
          storage.accountTokens.consume(tokenHash, 'password-reset', new Date()),
        ]);
        expect(results.filter((result) => result !== null)).toHaveLength(1);
      });

      it('does not give an expired token, and sweeps expired ones only', async () => {
        const user = await newUser();
        const expired = newHash();
        const live = newHash();
        const now = Date.now();
        for (const [tokenHash, expiresAt] of [
          [expired, now - 1000],
          [live, now + HOUR],
        ] as const) {
          await storage.accountTokens.create({
            userId: user.id,
            purpose: 'password-reset',
            tokenHash,
            newEmail: null,
            expiresAt: new Date(expiresAt),
          });
        }
        await expect(
          storage.accountTokens.consume(expired, 'password-reset', new Date(now)),
        ).resolves.toBeNull();
        await expect(storage.accountTokens.deleteExpired(new Date(now))).resolves.toBeGreaterThanOrEqual(1);
        await expect(
          storage.accountTokens.consume(live, 'password-reset', new Date(now)),
        ).resolves.toMatchObject({
          tokenHash: live,
        });
      });

      it("withdraws a user's tokens of one purpose, and keeps the others and other users'", async () => {
        const user = await newUser();
        const other = await newUser();
        const make = (userId: string, purpose: 'password-reset' | 'email-change') => {
          const tokenHash = newHash();
          return storage.accountTokens
            .create({ userId, purpose, tokenHash, newEmail: null, expiresAt: new Date(Date.now() + HOUR) })
            .then(() => tokenHash);
        };
        const resets = [await make(user.id, 'password-reset'), await make(user.id, 'password-reset')];
        const change = await make(user.id, 'email-change');
        const othersReset = await make(other.id, 'password-reset');
        await expect(storage.accountTokens.deleteForUser(user.id, 'password-reset')).resolves.toBe(2);
        for (const hash of resets) {
          await expect(storage.accountTokens.consume(hash, 'password-reset', new Date())).resolves.toBeNull();
        }
        await expect(
          storage.accountTokens.consume(change, 'email-change', new Date()),
        ).resolves.not.toBeNull();
        await expect(
          storage.accountTokens.consume(othersReset, 'password-reset', new Date()),
        ).resolves.not.toBeNull();
      });

      it('makes no token for a missing user, and deletes tokens with their user', async () => {
        const base = { purpose: 'password-reset' as const, newEmail: null };
        const expiresAt = new Date(Date.now() + HOUR);
        await expect(
          storage.accountTokens.create({ ...base, userId: UNKNOWN_ID, tokenHash: newHash(), expiresAt }),
        ).resolves.toBeNull();
        await expect(
          storage.accountTokens.create({ ...base, userId: 'not-an-id', tokenHash: newHash(), expiresAt }),
        ).resolves.toBeNull();
        const user = await newUser();
        const tokenHash = newHash();
        await storage.accountTokens.create({ ...base, userId: user.id, tokenHash, expiresAt });
        await storage.users.delete(user.id);
        await expect(
          storage.accountTokens.consume(tokenHash, 'password-reset', new Date()),
        ).resolves.toBeNull();
      });
    });
  });
}
