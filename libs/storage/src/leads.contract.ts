import type { Storage } from './ports';
import {
  bareProfile,
  ID,
  newLead,
  newUser as createUser,
  unique,
  UNKNOWN_ID,
} from './testing/storage-contract-helpers';

/** the leads port, and leads going with their profile: run by the storage contract */
export function describeLeadsContract(store: () => Storage): void {
  describe('leads', () => {
    let storage: Storage;
    const newUser = (email?: string) => createUser(storage, email);

    beforeAll(() => {
      storage = store();
    });

    it('stores a lead as given and lists leads newest first with offset, limit and total', async () => {
      const owner = await newUser();
      const profile = await storage.profiles.create(owner.id, bareProfile(unique('leads')));
      const other = await storage.profiles.create(owner.id, bareProfile(unique('other')));
      await storage.leads.create(newLead(other.id, 99));

      const created = [];
      for (let n = 0; n < 5; n += 1) created.push(await storage.leads.create(newLead(profile.id, n)));
      expect(created[1]).toEqual({
        ...newLead(profile.id, 1),
        id: expect.stringMatching(ID),
        createdAt: expect.any(Date),
        status: 'new',
        tags: [],
        note: null,
        updatedAt: expect.any(Date),
        statusChangedAt: null,
        followUp: null,
      });
      expect(created[0]).toMatchObject({ message: null, visitorUserId: null });

      const newestFirst = [...created].reverse();
      const first = await storage.leads.listByProfile(profile.id, { offset: 0, limit: 2 });
      expect(first).toEqual({ items: newestFirst.slice(0, 2), total: 5 });
      const second = await storage.leads.listByProfile(profile.id, { offset: 2, limit: 2 });
      expect(second).toEqual({ items: newestFirst.slice(2, 4), total: 5 });
      const last = await storage.leads.listByProfile(profile.id, { offset: 4, limit: 2 });
      expect(last).toEqual({ items: newestFirst.slice(4), total: 5 });
      const beyond = await storage.leads.listByProfile(profile.id, { offset: 10, limit: 2 });
      expect(beyond).toEqual({ items: [], total: 5 });
    });

    it('lists the leads of several cards together, newest first, with offset, limit and total', async () => {
      const owner = await newUser();
      const [first, second, left] = [
        await storage.profiles.create(owner.id, bareProfile(unique('inbox1'))),
        await storage.profiles.create(owner.id, bareProfile(unique('inbox2'))),
        await storage.profiles.create(owner.id, bareProfile(unique('inbox3'))),
      ];
      const created = [];
      for (const [n, profile] of [first, second, left, first, second].entries()) {
        created.push(await storage.leads.create(newLead(profile.id, n)));
      }
      const [l0, l1, l2, l3, l4] = created;
      const ids = [first.id, second.id];
      const page = (offset: number, limit: number) => storage.leads.listByProfiles(ids, { offset, limit });

      await expect(page(0, 3)).resolves.toEqual({ items: [l4, l3, l1], total: 4 });
      await expect(page(3, 3)).resolves.toEqual({ items: [l0], total: 4 });
      await expect(page(10, 3)).resolves.toEqual({ items: [], total: 4 });
      // unknown and malformed ids find nothing, and one card alone is its own inbox
      await expect(
        storage.leads.listByProfiles([first.id, UNKNOWN_ID, 'not-an-id'], { offset: 0, limit: 10 }),
      ).resolves.toEqual({ items: [l3, l0], total: 2 });
      await expect(storage.leads.listByProfiles([left.id], { offset: 0, limit: 10 })).resolves.toEqual({
        items: [l2],
        total: 1,
      });
      await expect(storage.leads.listByProfiles([], { offset: 0, limit: 10 })).resolves.toEqual({
        items: [],
        total: 0,
      });
    });

    it('finds one lead only through its own profile', async () => {
      const owner = await newUser();
      const profile = await storage.profiles.create(owner.id, bareProfile(unique('one')));
      const other = await storage.profiles.create(owner.id, bareProfile(unique('one-other')));
      const lead = await storage.leads.create(newLead(profile.id, 3));
      await expect(storage.leads.findOne(profile.id, lead.id)).resolves.toEqual(lead);
      await expect(storage.leads.findOne(other.id, lead.id)).resolves.toBeNull();
      await expect(storage.leads.findOne(profile.id, UNKNOWN_ID)).resolves.toBeNull();
      await expect(storage.leads.findOne(profile.id, 'not-an-id')).resolves.toBeNull();
    });

    it('deletes a lead only through its own profile', async () => {
      const owner = await newUser();
      const profile = await storage.profiles.create(owner.id, bareProfile(unique('ldel')));
      const other = await storage.profiles.create(owner.id, bareProfile(unique('lother')));
      const lead = await storage.leads.create(newLead(profile.id, 1));

      await expect(storage.leads.delete(other.id, lead.id)).resolves.toBe(false);
      await expect(storage.leads.listByProfile(profile.id, { offset: 0, limit: 10 })).resolves.toEqual({
        items: [lead],
        total: 1,
      });
      await expect(storage.leads.delete(profile.id, lead.id)).resolves.toBe(true);
      await expect(storage.leads.delete(profile.id, lead.id)).resolves.toBe(false);
      await expect(storage.leads.listByProfile(profile.id, { offset: 0, limit: 10 })).resolves.toEqual({
        items: [],
        total: 0,
      });
    });

    it('deletes the leads of a profile with the profile, and only those', async () => {
      const owner = await newUser();
      const doomed = await storage.profiles.create(owner.id, bareProfile(unique('doomed')));
      const kept = await storage.profiles.create(owner.id, bareProfile(unique('kept')));
      await storage.leads.create(newLead(doomed.id, 1));
      await storage.leads.create(newLead(doomed.id, 2));
      const keptLead = await storage.leads.create(newLead(kept.id, 3));

      await expect(storage.profiles.delete(doomed.id, owner.id)).resolves.toBe(true);
      await expect(storage.profiles.findById(doomed.id)).resolves.toBeNull();
      await expect(storage.profiles.findByHandle(doomed.handle)).resolves.toBeNull();
      await expect(storage.leads.listByProfile(doomed.id, { offset: 0, limit: 10 })).resolves.toEqual({
        items: [],
        total: 0,
      });
      await expect(storage.leads.listByProfile(kept.id, { offset: 0, limit: 10 })).resolves.toEqual({
        items: [keptLead],
        total: 1,
      });
      await expect(storage.profiles.delete(doomed.id, owner.id)).resolves.toBe(false);
      // the handle is free again
      await expect(storage.profiles.create(owner.id, bareProfile(doomed.handle))).resolves.toMatchObject({
        handle: doomed.handle,
      });
    });
  });
}
