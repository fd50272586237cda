import type { LeadRecord, Storage } from './ports';
import { bareProfile, newLead, newUser, unique, UNKNOWN_ID } from './testing/storage-contract-helpers';

const ALL = { offset: 0, limit: 100 };
const emails = (leads: { items: LeadRecord[] }) => leads.items.map((lead) => lead.email);

/** a lead's status, tags and note, the filters and the search, and the kept follow-up: run by the storage contract */
export function describeLeadWorkContract(store: () => Storage): void {
  describe('working leads', () => {
    let storage: Storage;

    beforeAll(() => {
      storage = store();
    });

    const twoCards = async () => {
      const owner = await newUser(storage);
      return Promise.all([
        storage.profiles.create(owner.id, bareProfile(unique('work'))),
        storage.profiles.create(owner.id, bareProfile(unique('work2'))),
      ]);
    };

    it('changes the status, tags and note, each alone, and records when', async () => {
      const [card] = await twoCards();
      const lead = await storage.leads.create(newLead(card.id, 1));
      const status = await storage.leads.update(card.id, lead.id, { status: 'contacted' });
      expect(status).toEqual({
        ...lead,
        status: 'contacted',
        updatedAt: expect.any(Date),
        statusChangedAt: expect.any(Date),
      });
      expect(status!.statusChangedAt!.getTime()).toBeGreaterThanOrEqual(lead.createdAt.getTime());

      const tagged = await storage.leads.update(card.id, lead.id, { tags: ['VIP', 'Conference 2026'] });
      expect(tagged).toMatchObject({ status: 'contacted', tags: ['VIP', 'Conference 2026'], note: null });
      // a change that leaves the status keeps when it last changed
      expect(tagged!.statusChangedAt).toEqual(status!.statusChangedAt);
      expect(tagged!.updatedAt.getTime()).toBeGreaterThanOrEqual(status!.updatedAt.getTime());

      const noted = await storage.leads.update(card.id, lead.id, { note: 'Call back on Monday\nafter 10' });
      expect(noted).toMatchObject({
        tags: ['VIP', 'Conference 2026'],
        note: 'Call back on Monday\nafter 10',
      });
      await expect(storage.leads.findOne(card.id, lead.id)).resolves.toEqual(noted);
      const cleared = await storage.leads.update(card.id, lead.id, { note: null, tags: [] });
      expect(cleared).toMatchObject({ status: 'contacted', tags: [], note: null });
    });

    it('changes a lead only through its own card, and finds nothing for unknown ids', async () => {
      const [card, other] = await twoCards();
      const lead = await storage.leads.create(newLead(card.id, 2));
      await expect(storage.leads.update(other.id, lead.id, { status: 'won' })).resolves.toBeNull();
      await expect(storage.leads.update(card.id, UNKNOWN_ID, { status: 'won' })).resolves.toBeNull();
      await expect(storage.leads.update(card.id, 'not-an-id', { status: 'won' })).resolves.toBeNull();
      await expect(storage.leads.findOne(card.id, lead.id)).resolves.toEqual(lead);
    });

    it('finds leads by id across cards, leaving out unknown and malformed ids', async () => {
      const [card, other] = await twoCards();
      const one = await storage.leads.create(newLead(card.id, 1));
      const two = await storage.leads.create(newLead(other.id, 2));
      const found = await storage.leads.findByIds([two.id, UNKNOWN_ID, 'nope', one.id]);
      expect(found.sort((a, b) => a.email.localeCompare(b.email))).toEqual([one, two]);
      await expect(storage.leads.findByIds([])).resolves.toEqual([]);
    });

    it('filters by card, status, tag without regard to case and a date range, newest first with a total', async () => {
      const [card, other] = await twoCards();
      const made: LeadRecord[] = [];
      for (let n = 0; n < 6; n += 1) {
        made.push(await storage.leads.create(newLead(n < 4 ? card.id : other.id, n)));
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      await storage.leads.update(card.id, made[1].id, { status: 'qualified', tags: ['VIP'] });
      await storage.leads.update(card.id, made[2].id, { tags: ['vip', 'Berlin'] });
      await storage.leads.update(other.id, made[4].id, { status: 'qualified', tags: ['Vip'] });
      const both = [card.id, other.id];

      expect(emails(await storage.leads.search({ profileIds: both }, ALL))).toEqual(
        made.map((lead) => lead.email).reverse(),
      );
      expect(emails(await storage.leads.search({ profileIds: [card.id], status: 'qualified' }, ALL))).toEqual(
        [made[1].email],
      );
      const vip = await storage.leads.search({ profileIds: both, tag: 'VIP' }, { offset: 0, limit: 2 });
      expect(vip).toEqual({
        items: [expect.objectContaining({ id: made[4].id }), expect.anything()],
        total: 3,
      });
      expect(emails(await storage.leads.search({ profileIds: both, tag: 'vi' }, ALL))).toEqual([]);
      expect(
        emails(await storage.leads.search({ profileIds: both, tag: 'vip', status: 'qualified' }, ALL)),
      ).toEqual([made[4].email, made[1].email]);

      // from is included, to is not
      const range = await storage.leads.search(
        { profileIds: both, from: made[2].createdAt, to: made[4].createdAt },
        ALL,
      );
      expect(emails(range)).toEqual([made[3].email, made[2].email]);
      await expect(storage.leads.search({ profileIds: [], status: 'new' }, ALL)).resolves.toEqual({
        items: [],
        total: 0,
      });
    });

    it('searches e-mail, name, company, message and note as plain text, without regard to case', async () => {
      const [card] = await twoCards();
      const make = (fields: Partial<ReturnType<typeof newLead>>) =>
        storage.leads.create({ ...newLead(card.id, 1), ...fields });
      const grace = await make({ email: 'grace@navy.example', name: 'Grace Hopper', company: 'US Navy' });
      const ada = await make({
        email: 'ada@engines.example',
        name: 'Ada',
        message: 'About the ENGINE (50% off?)',
      });
      const noted = await make({ email: 'x@y.example', name: null, company: null, message: null });
      await storage.leads.update(card.id, noted.id, { note: 'Met at the Zürich fair' });
      const search = async (text: string) =>
        emails(await storage.leads.search({ profileIds: [card.id], text }, ALL)).sort();

      await expect(search('HOPPER')).resolves.toEqual([grace.email]);
      await expect(search('navy')).resolves.toEqual([grace.email]);
      await expect(search('engine')).resolves.toEqual([ada.email]);
      await expect(search('zürich')).resolves.toEqual([noted.email]);
      await expect(search('ZÜRICH')).resolves.toEqual([noted.email]);
      // what would be a wildcard or a pattern elsewhere is looked for as typed
      await expect(search('50% off?')).resolves.toEqual([ada.email]);
      await expect(search('%')).resolves.toEqual([ada.email]);
      await expect(search('_')).resolves.toEqual([]);
      await expect(search('.*')).resolves.toEqual([]);
      await expect(search('(50')).resolves.toEqual([ada.email]);
      await expect(search('[a-z]')).resolves.toEqual([]);
      await expect(search('\\')).resolves.toEqual([]);
      // a note changed is searched as it is now
      await storage.leads.update(card.id, noted.id, { note: 'Lunch in Basel' });
      await expect(search('zürich')).resolves.toEqual([]);
      await expect(search('basel')).resolves.toEqual([noted.email]);
    });

    it('lists the distinct tags of some cards, one spelling each, by name', async () => {
      const [card, other] = await twoCards();
      const a = await storage.leads.create(newLead(card.id, 1));
      const b = await storage.leads.create(newLead(other.id, 2));
      await storage.leads.create(newLead(card.id, 3));
      await storage.leads.update(card.id, a.id, { tags: ['VIP', 'berlin'] });
      await storage.leads.update(other.id, b.id, { tags: ['vip', 'Autumn'] });
      const tags = await storage.leads.tagsOf([card.id, other.id]);
      expect(tags.map((tag) => tag.toLowerCase())).toEqual(['autumn', 'berlin', 'vip']);
      await expect(storage.leads.tagsOf([card.id])).resolves.toEqual(['berlin', 'VIP']);
      await expect(storage.leads.tagsOf([])).resolves.toEqual([]);
    });

    it('keeps a finished day’s follow-up signals and forgets the visitor’s key', async () => {
      const [card, other] = await twoCards();
      const lead = await storage.leads.create(newLead(card.id, 1));
      expect(lead.visitorKey).not.toBeNull();
      const signals = { views: 3, saves: 1, linkClicks: 2, shares: 0, calls: 0, emails: 1 };
      await storage.leads.keepFollowUp(other.id, lead.id, signals);
      await expect(storage.leads.findOne(card.id, lead.id)).resolves.toEqual(lead);
      await storage.leads.keepFollowUp(card.id, lead.id, signals);
      await expect(storage.leads.findOne(card.id, lead.id)).resolves.toEqual({
        ...lead,
        followUp: signals,
        visitorKey: null,
      });
    });
  });
}
