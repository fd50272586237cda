import { DuplicateKeyError, type Storage } from './ports';
import {
  bareProfile,
  expectDuplicate,
  fullProfile,
  ID,
  newUser as createUser,
  unique,
  UNKNOWN_ID,
} from './testing/storage-contract-helpers';

/** the profiles port, and every port's answer to a malformed id: run by the storage contract */
export function describeProfilesContract(store: () => Storage): void {
  describe('profiles', () => {
    let storage: Storage;
    const newUser = (email?: string) => createUser(storage, email);

    beforeAll(() => {
      storage = store();
    });

    it('round-trips every field, with values and with nulls', async () => {
      const owner = await newUser();
      for (const data of [fullProfile(unique('full')), bareProfile(unique('bare'))]) {
        const created = await storage.profiles.create(owner.id, data);
        const expected = {
          ...data,
          id: expect.stringMatching(ID),
          ownerId: owner.id,
          createdAt: expect.any(Date),
          updatedAt: expect.any(Date),
        };
        expect(created).toEqual(expected);
        await expect(storage.profiles.findById(created.id)).resolves.toEqual(created);
        await expect(storage.profiles.findByHandle(data.handle)).resolves.toEqual(created);
        await expect(storage.profiles.findOwned(created.id, owner.id)).resolves.toEqual(created);
      }
      const [full] = await storage.profiles.listByOwner(owner.id);
      expect(full.socialLinks.map((link) => link.order)).toEqual([2, 0, 1]);
      expect(full.blocks.map((block) => [block.id, block.order])).toEqual([
        ['blk-2', 1],
        ['blk-1', 0],
      ]);
      expect(full.publishedAt).toEqual(new Date('2026-03-04T05:06:07.089Z'));
    });

    it('does not store properties that are not part of a profile', async () => {
      const owner = await newUser();
      const data = { ...bareProfile(unique('stray')), passwordHash: 'leak', ownerId: UNKNOWN_ID };
      const created = await storage.profiles.create(owner.id, data);
      const found = await storage.profiles.findById(created.id);
      expect(found).not.toHaveProperty('passwordHash');
      expect(found!.ownerId).toBe(owner.id);
    });

    it('lets exactly one of two concurrent creates of one handle win', async () => {
      const [alice, bob] = await Promise.all([newUser(), newUser()]);
      const handle = unique('race');
      const results = await Promise.allSettled([
        storage.profiles.create(alice.id, bareProfile(handle)),
        storage.profiles.create(bob.id, bareProfile(handle)),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(DuplicateKeyError);
      expect((lost[0].reason as DuplicateKeyError).key).toBe('handle');
      const winner = (won[0] as PromiseFulfilledResult<{ ownerId: string }>).value;
      await expect(storage.profiles.findByHandle(handle)).resolves.toMatchObject({
        ownerId: winner.ownerId,
      });
      const loser = winner.ownerId === alice.id ? bob : alice;
      await expect(storage.profiles.listByOwner(loser.id)).resolves.toEqual([]);
    });

    it('replaces every field on update, sets and clears publishedAt, keeps id and owner', async () => {
      const owner = await newUser();
      const created = await storage.profiles.create(owner.id, bareProfile(unique('edit')));
      const next = fullProfile(unique('edited'));
      const updated = await storage.profiles.update(created.id, owner.id, next);
      expect(updated).toEqual({
        ...next,
        id: created.id,
        ownerId: owner.id,
        createdAt: created.createdAt,
        updatedAt: expect.any(Date),
      });
      expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
      await expect(storage.profiles.findById(created.id)).resolves.toEqual(updated);
      await expect(storage.profiles.findByHandle(created.handle)).resolves.toBeNull();

      const unpublished = await storage.profiles.update(created.id, owner.id, {
        ...next,
        published: false,
        publishedAt: null,
        socialLinks: [],
        blocks: [],
      });
      expect(unpublished).toMatchObject({
        published: false,
        publishedAt: null,
        socialLinks: [],
        blocks: [],
      });
      // keeping one's own handle is no conflict
      await expect(storage.profiles.update(created.id, owner.id, next)).resolves.toMatchObject({
        handle: next.handle,
      });
    });

    it('rejects an update to a taken handle and changes nothing', async () => {
      const owner = await newUser();
      const taken = await storage.profiles.create(owner.id, bareProfile(unique('taken')));
      const mine = await storage.profiles.create(owner.id, bareProfile(unique('mine')));
      await expectDuplicate(
        storage.profiles.update(mine.id, owner.id, { ...fullProfile(taken.handle) }),
        'handle',
      );
      await expect(storage.profiles.findById(mine.id)).resolves.toEqual(mine);
      await expect(storage.profiles.findByHandle(taken.handle)).resolves.toEqual(taken);
    });

    it('scopes reads, updates and deletes to the owner', async () => {
      const [owner, stranger] = await Promise.all([newUser(), newUser()]);
      const first = await storage.profiles.create(owner.id, bareProfile(unique('own1')));
      const second = await storage.profiles.create(owner.id, fullProfile(unique('own2')));

      await expect(storage.profiles.findOwned(first.id, stranger.id)).resolves.toBeNull();
      await expect(
        storage.profiles.update(first.id, stranger.id, fullProfile(unique('hijack'))),
      ).resolves.toBeNull();
      await expect(storage.profiles.delete(first.id, stranger.id)).resolves.toBe(false);
      await expect(storage.profiles.listByOwner(stranger.id)).resolves.toEqual([]);

      await expect(storage.profiles.findById(first.id)).resolves.toEqual(first);
      // oldest first
      await expect(storage.profiles.listByOwner(owner.id)).resolves.toEqual([first, second]);
    });

    it('finds nothing, without throwing, for unknown and malformed ids', async () => {
      const owner = await newUser();
      const profile = await storage.profiles.create(owner.id, bareProfile(unique('ids')));
      for (const id of ['nope', UNKNOWN_ID, '', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '{"$ne":null}']) {
        await expect(storage.users.findById(id)).resolves.toBeNull();
        await expect(storage.users.update(id, { displayName: 'x' })).resolves.toBeNull();
        await expect(storage.users.delete(id)).resolves.toBe(false);
        await expect(storage.profiles.findById(id)).resolves.toBeNull();
        await expect(storage.profiles.findOwned(id, owner.id)).resolves.toBeNull();
        await expect(storage.profiles.findOwned(profile.id, id)).resolves.toBeNull();
        await expect(storage.profiles.listByOwner(id)).resolves.toEqual([]);
        await expect(storage.profiles.update(id, owner.id, bareProfile(unique('x')))).resolves.toBeNull();
        await expect(storage.profiles.update(profile.id, id, bareProfile(unique('x')))).resolves.toBeNull();
        await expect(storage.profiles.delete(id, owner.id)).resolves.toBe(false);
        await expect(storage.profiles.delete(profile.id, id)).resolves.toBe(false);
        await expect(storage.leads.listByProfile(id, { offset: 0, limit: 10 })).resolves.toEqual({
          items: [],
          total: 0,
        });
        await expect(storage.leads.delete(id, id)).resolves.toBe(false);
        await expect(storage.leads.delete(profile.id, id)).resolves.toBe(false);
      }
      await expect(storage.profiles.findByHandle(unique('missing'))).resolves.toBeNull();
      await expect(storage.profiles.findOwned(profile.id, owner.id)).resolves.toEqual(profile);
    });
  });
}
