import type { NewPasskey, Storage } from './ports';
import { newUser as createUser, unique, UNKNOWN_ID } from './testing/storage-contract-helpers';

const passkeyOf = (userId: string, overrides: Partial<NewPasskey> = {}): NewPasskey => ({
  id: unique('credential'),
  userId,
  publicKey: 'pQECAyYgASFYIBase64UrlKey',
  counter: 0,
  transports: ['internal', 'hybrid'],
  name: 'MacBook Touch ID',
  deviceType: 'multiDevice',
  backedUp: true,
  ...overrides,
});

/** the passkeys port and its answered challenges: run by the storage contract */
export function describePasskeysContract(store: () => Storage): void {
  describe('passkeys', () => {
    let storage: Storage;
    const newUser = () => createUser(storage);

    beforeAll(() => {
      storage = store();
    });

    it('keeps a passkey of a user once, whoever registers its credential again', async () => {
      const [user, other] = await Promise.all([newUser(), newUser()]);
      const passkey = passkeyOf(user.id);
      await expect(storage.passkeys.create(passkey)).resolves.toBe(true);
      await expect(storage.passkeys.create({ ...passkey, userId: other.id })).resolves.toBe(false);
      const stored = await storage.passkeys.findById(passkey.id);
      expect(stored).toEqual({ ...passkey, createdAt: expect.any(Date), lastUsedAt: null });
      await expect(storage.passkeys.listForUser(user.id)).resolves.toEqual([stored]);
      await expect(storage.passkeys.listForUser(other.id)).resolves.toEqual([]);
      await expect(storage.passkeys.create(passkeyOf(UNKNOWN_ID))).resolves.toBe(false);
      await expect(storage.passkeys.holdersAmong([user.id, other.id, 'nope'])).resolves.toEqual(
        new Set([user.id]),
      );
    });

    it('records a use, and is renamed and removed by its user only', async () => {
      const [user, other] = await Promise.all([newUser(), newUser()]);
      const first = passkeyOf(user.id, { name: 'Phone' });
      const second = passkeyOf(user.id, { name: 'Laptop' });
      await storage.passkeys.create(first);
      await storage.passkeys.create(second);
      const at = new Date();
      await storage.passkeys.recordUse(first.id, 7, at);
      await expect(storage.passkeys.findById(first.id)).resolves.toMatchObject({
        counter: 7,
        lastUsedAt: at,
      });

      await expect(storage.passkeys.rename(other.id, first.id, 'Stolen')).resolves.toBeNull();
      await expect(storage.passkeys.rename(user.id, first.id, 'Pixel')).resolves.toMatchObject({
        name: 'Pixel',
      });
      await expect(storage.passkeys.delete(other.id, first.id)).resolves.toBe(false);
      await expect(storage.passkeys.delete(user.id, first.id)).resolves.toBe(true);
      await expect(storage.passkeys.delete(user.id, first.id)).resolves.toBe(false);
      const left = await storage.passkeys.listForUser(user.id);
      expect(left.map((passkey) => passkey.name)).toEqual(['Laptop']);
      await expect(storage.passkeys.findById('nope')).resolves.toBeNull();
    });

    it('goes with its user', async () => {
      const user = await newUser();
      const passkey = passkeyOf(user.id);
      await storage.passkeys.create(passkey);
      await storage.users.delete(user.id);
      await expect(storage.passkeys.findById(passkey.id)).resolves.toBeNull();
    });

    it('claims a challenge once, also when asked at once, and sweeps the expired', async () => {
      const hash = unique('challenge');
      const later = new Date(Date.now() + 60_000);
      const both = await Promise.all([
        storage.passkeys.claimChallenge(hash, later),
        storage.passkeys.claimChallenge(hash, later),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      await expect(storage.passkeys.claimChallenge(hash, later)).resolves.toBe(false);
      const old = unique('challenge');
      await storage.passkeys.claimChallenge(old, new Date(Date.now() - 1000));
      await expect(storage.passkeys.deleteExpiredChallenges(new Date())).resolves.toBeGreaterThanOrEqual(1);
      // an expired one swept may be claimed again: its signed token has expired anyway
      await expect(storage.passkeys.claimChallenge(old, later)).resolves.toBe(true);
      await expect(storage.passkeys.claimChallenge(hash, later)).resolves.toBe(false);
    });
  });
}
