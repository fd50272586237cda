import { describeLeadsContract } from './leads.contract';
import type { Storage } from './ports';
import { describeProfilesContract } from './profiles.contract';
import { describeSessionsContract } from './sessions.contract';
import {
  bareProfile,
  expectDuplicate,
  newUser as createUser,
  unique,
} from './testing/storage-contract-helpers';
import { describeUsersContract } from './users.contract';

/**
 * opens a new handle onto the same store every time it is called (same file, same database),
 * so the suite can also check what a second process would see
 */
export type MakeStorage = () => Promise<Storage>;

/** every repository's contract on one open store of the adapter, and what a second handle sees */
export function describeStorageContract(name: string, makeStorage: MakeStorage): void {
  describe(`storage contract: ${name}`, () => {
    let storage: Storage;

    beforeAll(async () => {
      storage = await makeStorage();
    });

    afterAll(async () => {
      await storage?.close();
    });

    it('answers a ping', async () => {
      await expect(storage.ping()).resolves.toBeUndefined();
      expect(storage.kind).toBe(name);
    });

    describeUsersContract(() => storage);
    describeSessionsContract(() => storage);
    describeProfilesContract(() => storage);
    describeLeadsContract(() => storage);

    it('keeps data and constraints across a second handle on the same store', async () => {
      const user = await createUser(storage);
      const profile = await storage.profiles.create(user.id, bareProfile(unique('again')));
      const session = await storage.sessions.create({
        userId: user.id,
        expiresAt: new Date(Date.now() + 60_000),
      });
      const second = await makeStorage();
      try {
        await expect(second.sessions.findById(session!.id)).resolves.toEqual(session);
        await expect(second.users.findByEmail(user.email.toUpperCase())).resolves.toEqual(user);
        await expect(second.profiles.findByHandle(profile.handle)).resolves.toEqual(profile);
        await expectDuplicate(second.profiles.create(user.id, bareProfile(profile.handle)), 'handle');
        await expectDuplicate(
          second.users.create({ email: user.email, displayName: 'Twin', passwordHash: 'x' }),
          'email',
        );
      } finally {
        await second.close();
      }
    });
  });
}
