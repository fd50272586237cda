import type { Storage } from './ports';
import { newUser as createUser, unique } from './testing/storage-contract-helpers';

/** the owner's analytics mail settings and the record of what was sent: run against each adapter */
export function describeAnalyticsMailContract(store: () => Storage): void {
  describe('analytics mail', () => {
    let storage: Storage;
    const newUser = () => createUser(storage, `${unique('mail')}@example.com`);

    beforeAll(() => {
      storage = store();
    });

    it('stores the time zone, the report and the alert; a patch changes only what it names', async () => {
      const user = await newUser();
      expect(user).toMatchObject({ timeZone: null, analyticsReport: 'off', trafficAlertMultiple: null });
      const set = await storage.users.update(user.id, {
        timeZone: 'Europe/Berlin',
        analyticsReport: 'weekly',
        trafficAlertMultiple: 3,
      });
      expect(set).toMatchObject({
        timeZone: 'Europe/Berlin',
        analyticsReport: 'weekly',
        trafficAlertMultiple: 3,
      });
      await storage.users.update(user.id, { displayName: 'Augusta', notifyOnMessages: false });
      await expect(storage.users.findById(user.id)).resolves.toMatchObject({
        timeZone: 'Europe/Berlin',
        analyticsReport: 'weekly',
        trafficAlertMultiple: 3,
      });
      const cleared = await storage.users.update(user.id, { timeZone: null, trafficAlertMultiple: null });
      expect(cleared).toMatchObject({
        timeZone: null,
        analyticsReport: 'weekly',
        trafficAlertMultiple: null,
      });
    });

    it('lists the users who chose a report or an alert, a page at a time by id', async () => {
      const quiet = await newUser();
      const reader = await newUser();
      const watcher = await newUser();
      await storage.users.update(reader.id, { analyticsReport: 'monthly' });
      await storage.users.update(watcher.id, { trafficAlertMultiple: 10 });
      const ids: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page: Array<{ id: string }> = await storage.users.listAnalyticsMailRecipients(after, 2);
        if (page.length === 0) break;
        ids.push(...page.map((user) => user.id));
        after = page[page.length - 1]!.id;
      }
      expect(ids).toEqual([...ids].sort());
      expect(ids).toEqual(expect.arrayContaining([reader.id, watcher.id]));
      expect(ids).not.toContain(quiet.id);
      await storage.users.update(reader.id, { analyticsReport: 'off' });
      const again = await storage.users.listAnalyticsMailRecipients(null, 10_000);
      expect(again.map((user) => user.id)).not.toContain(reader.id);
    });

    it('lets one claim of an owner and key win, also of two at once; forgets old ones', async () => {
      const user = await newUser();
      const other = await newUser();
      const now = new Date('2026-03-09T08:00:00Z');
      const claims = await Promise.all([
        storage.analyticsMailSends.claim(user.id, 'report:2026-03-02', now),
        storage.analyticsMailSends.claim(user.id, 'report:2026-03-02', now),
      ]);
      expect(claims.sort()).toEqual([false, true]);
      await expect(storage.analyticsMailSends.claim(user.id, 'report:2026-03-02', now)).resolves.toBe(false);
      // taken back (its mail could not be made): the next claim wins again
      await storage.analyticsMailSends.release(user.id, 'report:2026-03-02');
      await expect(storage.analyticsMailSends.claim(user.id, 'report:2026-03-02', now)).resolves.toBe(true);
      await expect(storage.analyticsMailSends.claim(user.id, 'report:2026-03-09', now)).resolves.toBe(true);
      await expect(storage.analyticsMailSends.claim(other.id, 'report:2026-03-02', now)).resolves.toBe(true);
      // the sweep is global: a cut-off before these removes none of them, one after all of these
      await expect(storage.analyticsMailSends.deleteBefore(new Date('2026-03-01T00:00:00Z'))).resolves.toBe(
        0,
      );
      await expect(
        storage.analyticsMailSends.deleteBefore(new Date('2026-03-10T00:00:00Z')),
      ).resolves.toBeGreaterThanOrEqual(3);
      await expect(storage.analyticsMailSends.claim(user.id, 'report:2026-03-02', now)).resolves.toBe(true);
    });
  });
}
