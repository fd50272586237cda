import { DuplicateKeyError, type Storage } from './ports';
import {
  expectDuplicate,
  ID,
  newUser as createUser,
  unique,
  UNKNOWN_ID,
} from './testing/storage-contract-helpers';

/** the users port: run by the storage contract against each adapter's open store */
export function describeUsersContract(store: () => Storage): void {
  describe('users', () => {
    let storage: Storage;
    const newUser = (email?: string) => createUser(storage, email);

    beforeAll(() => {
      storage = store();
    });

    it('creates a user with an object-id-shaped id and a lower-cased e-mail', async () => {
      const email = `${unique('Mixed.Case')}@Example.IO`;
      const user = await newUser(email);
      expect(user).toEqual({
        id: expect.stringMatching(ID),
        email: email.toLowerCase(),
        displayName: 'Ada',
        notifyOnMessages: true,
        timeZone: null,
        analyticsReport: 'off',
        trafficAlertMultiple: null,
        passwordHash: 'scrypt$salt$hash',
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      });
      await expect(storage.users.findById(user.id)).resolves.toEqual(user);
    });

    it('finds a page of users by id in one call, skipping unknown and malformed ids', async () => {
      const first = await newUser(`${unique('first')}@example.com`);
      const second = await newUser(`${unique('second')}@example.com`);
      const found = await storage.users.findByIds([second.id, 'not-an-id', first.id, '0'.repeat(24)]);
      expect(found.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
        [first, second].sort((a, b) => a.id.localeCompare(b.id)),
      );
      await expect(storage.users.findByIds([])).resolves.toEqual([]);
    });

    it('treats e-mails case-insensitively: a second create conflicts, a lookup finds any case', async () => {
      const local = unique('a');
      const first = await newUser(`${local}@x.io`.toUpperCase());
      await expectDuplicate(newUser(`${local}@X.io`), 'email');
      await expect(storage.users.findByEmail(`${local}@x.io`)).resolves.toEqual(first);
      await expect(storage.users.findByEmail(`${local.toUpperCase()}@X.IO`)).resolves.toEqual(first);
      await expect(storage.users.findByEmail(`${unique('nobody')}@x.io`)).resolves.toBeNull();
    });

    it('lets exactly one of two concurrent registrations of one e-mail win', async () => {
      const email = `${unique('race')}@x.io`;
      const results = await Promise.allSettled([newUser(email), newUser(email.toUpperCase())]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const [failed] = results.filter((r) => r.status === 'rejected');
      expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateKeyError);
      expect(((failed as PromiseRejectedResult).reason as DuplicateKeyError).key).toBe('email');
    });

    it('updates the display name and password hash, and nothing else', async () => {
      const user = await newUser();
      const renamed = await storage.users.update(user.id, { displayName: 'Augusta' });
      expect(renamed).toEqual({ ...user, displayName: 'Augusta', updatedAt: expect.any(Date) });
      expect(renamed!.updatedAt.getTime()).toBeGreaterThanOrEqual(user.updatedAt.getTime());

      const rehashed = await storage.users.update(user.id, { passwordHash: 'scrypt$new$hash' });
      expect(rehashed).toMatchObject({ displayName: 'Augusta', passwordHash: 'scrypt$new$hash' });
      await expect(storage.users.findById(user.id)).resolves.toEqual(rehashed);
      await expect(storage.users.update(UNKNOWN_ID, { displayName: 'x' })).resolves.toBeNull();
    });

    it('deletes a user once, and frees the e-mail', async () => {
      const user = await newUser();
      await expect(storage.users.delete(user.id)).resolves.toBe(true);
      await expect(storage.users.findById(user.id)).resolves.toBeNull();
      await expect(storage.users.findByEmail(user.email)).resolves.toBeNull();
      await expect(storage.users.delete(user.id)).resolves.toBe(false);
      await expect(newUser(user.email)).resolves.toMatchObject({ email: user.email });
    });
  });
}
