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
