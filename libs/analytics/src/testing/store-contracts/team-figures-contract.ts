import type { StoredEvent } from '../../events';
import type { EventWriter, TeamDayFigures, TeamFiguresReader } from '../../ports';
import { between, days, storedEvent } from './stored-events';

const A = 'contract-team-a';
const B = 'contract-team-b';
const TEAM = [A, B];

/**
 * two cards' events, every figure below counted by hand from them. both cards have a visitor whose id
 * reads the same: ids are a card's own, so the team counts them as two
 */
function seeded(): StoredEvent[] {
  const a = (at: string, o: Partial<StoredEvent> = {}) =>
    storedEvent({ profile_id: A, at, visitor_id: 'same-id', ...o });
  const b = (at: string, o: Partial<StoredEvent> = {}) =>
    storedEvent({ profile_id: B, at, visitor_id: 'same-id', ...o });
  return [
    a('2026-04-05T09:10:00Z', { authenticated: 1 }),
    a('2026-04-05T09:20:00Z', { country: 'GB' }),
    a('2026-04-05T09:25:00Z', { type: 'link_clicked', target: 'https://github.com/team' }),
    a('2026-04-05T15:00:00Z', {
      visitor_id: 'a-2',
      device: 'desktop',
      referrer_host: 't.co',
      channel: 'referral',
    }),
    a('2026-04-06T10:45:00Z'),
    a('2026-04-06T10:50:00Z', { type: 'vcard_saved' }),
    b('2026-04-05T09:30:00Z'),
    b('2026-04-05T09:31:00Z', { type: 'link_clicked', target: 'https://github.com/team' }),
    b('2026-04-06T12:00:00Z', { type: 'message_sent' }),
    b('2026-04-06T12:10:00Z', { visitor_id: 'b-2' }),
    // a card not asked for: never counted
    storedEvent({ profile_id: 'contract-team-other', at: '2026-04-05T09:40:00Z' }),
  ];
}

const steps = (viewed: number, saved = 0, clicked = 0, messaged = 0) => ({
  viewed,
  saved_or_shared: saved,
  clicked,
  messaged,
});

/** a day's figures in an order that does not depend on the store's */
const sorted = (figures: TeamDayFigures | undefined) =>
  figures && {
    ...figures,
    breakdowns: [...figures.breakdowns].sort((x, y) =>
      `${x.dimension}/${x.value}`.localeCompare(`${y.dimension}/${y.value}`),
    ),
    cardLinks: [...figures.cardLinks].sort((x, y) => x.profileId.localeCompare(y.profileId)),
    cards: Object.fromEntries(figures.cards),
  };

export function teamFiguresReaderContract(
  ports: () => { writer: EventWriter; reader: TeamFiguresReader },
): void {
  describe('TeamFiguresReader', () => {
    beforeAll(() => ports().writer.insertEvents('team-figures-seed', seeded()));

    it("adds up the cards' days, each card's visitors counted apart, with each card's own counts", async () => {
      const figures = await ports().reader.teamDailyFigures(TEAM, [days('2026-04-05', '2026-04-06')]);
      const [first, second] = ['2026-04-05', '2026-04-06'].map((day) => sorted(figures.get(0)?.get(day)));
      expect(first).toEqual({
        byType: [
          { type: 'link_clicked', events: 2, authenticated: 0 },
          { type: 'view', events: 4, authenticated: 1 },
        ],
        stepVisitors: steps(3, 0, 2),
        breakdowns: [
          { dimension: 'browser', value: 'Safari', count: 4 },
          { dimension: 'channel', value: 'direct', count: 3 },
          { dimension: 'channel', value: 'referral', count: 1 },
          { dimension: 'city', value: '', count: 4 },
          { dimension: 'country', value: 'GB', count: 1 },
          { dimension: 'country', value: 'US', count: 3 },
          { dimension: 'device', value: 'desktop', count: 1 },
          { dimension: 'device', value: 'mobile', count: 3 },
          { dimension: 'link', value: 'https://github.com/team', count: 2 },
          { dimension: 'referrer_host', value: '', count: 3 },
          { dimension: 'referrer_host', value: 't.co', count: 1 },
          { dimension: 'utm_campaign', value: '', count: 4 },
          { dimension: 'utm_medium', value: '', count: 4 },
          { dimension: 'utm_source', value: '', count: 4 },
        ],
        cards: {
          [A]: { visits: 3, uniqueVisitors: 2, saves: 0, messages: 0 },
          [B]: { visits: 1, uniqueVisitors: 1, saves: 0, messages: 0 },
        },
        cardLinks: [
          { profileId: A, target: 'https://github.com/team', clicks: 1 },
          { profileId: B, target: 'https://github.com/team', clicks: 1 },
        ],
        largestCardUniques: 2,
      });
      expect(second).toMatchObject({
        byType: [
          { type: 'message_sent', events: 1, authenticated: 0 },
          { type: 'vcard_saved', events: 1, authenticated: 0 },
          { type: 'view', events: 2, authenticated: 0 },
        ],
        stepVisitors: steps(2, 1, 0, 1),
        cards: {
          [A]: { visits: 1, uniqueVisitors: 1, saves: 1, messages: 0 },
          [B]: { visits: 1, uniqueVisitors: 1, saves: 0, messages: 1 },
        },
        cardLinks: [],
      });
    });

    it('counts segments that start and end inside hours, each apart, in one read', async () => {
      const figures = await ports().reader.teamDailyFigures(TEAM, [
        between('2026-04-05T09:15:00Z', '2026-04-05T23:59:59.999Z'),
        between('2026-04-06T10:00:00Z', '2026-04-06T12:05:00Z'),
      ]);
      expect(sorted(figures.get(0)?.get('2026-04-05'))).toMatchObject({
        byType: [
          { type: 'link_clicked', events: 2 },
          { type: 'view', events: 3, authenticated: 0 },
        ],
        stepVisitors: steps(3, 0, 2),
        cards: {
          [A]: { visits: 2, uniqueVisitors: 2 },
          [B]: { visits: 1, uniqueVisitors: 1 },
        },
      });
      expect(sorted(figures.get(1)?.get('2026-04-06'))).toMatchObject({
        byType: [
          { type: 'message_sent', events: 1 },
          { type: 'vcard_saved', events: 1 },
          { type: 'view', events: 1 },
        ],
        stepVisitors: steps(1, 1, 0, 1),
      });
      expect(figures.get(0)?.has('2026-04-06')).toBe(false);
    });

    it("adds up each card's distinct visitors per bucket", async () => {
      const { reader } = ports();
      expect(await reader.teamSeries(TEAM, days('2026-04-05'), 'hour')).toEqual([
        { bucket: new Date('2026-04-05T09:00:00Z'), visits: 3, uniqueVisitors: 2 },
        { bucket: new Date('2026-04-05T15:00:00Z'), visits: 1, uniqueVisitors: 1 },
      ]);
      expect(await reader.teamSeries(TEAM, days('2026-04-05', '2026-04-06'), 'day')).toEqual([
        { bucket: new Date('2026-04-05T00:00:00Z'), visits: 4, uniqueVisitors: 3 },
        { bucket: new Date('2026-04-06T00:00:00Z'), visits: 2, uniqueVisitors: 2 },
      ]);
    });

    it("counts each card's distinct clickers per link, apart", async () => {
      const { reader } = ports();
      const rows = await reader.teamLinkVisitors(TEAM, days('2026-04-05', '2026-04-06'));
      expect([...rows].sort((x, y) => x.profileId.localeCompare(y.profileId))).toEqual([
        { profileId: A, target: 'https://github.com/team', visitors: 1 },
        { profileId: B, target: 'https://github.com/team', visitors: 1 },
      ]);
      expect(await reader.teamLinkVisitors(TEAM, days('2026-04-06'))).toEqual([]);
    });

    it('counts views and visitors per bucket of a zone, the parts of hours from the raw events', async () => {
      const { reader } = ports();
      const at = (iso: string) => new Date(iso).getTime();
      // buckets that start and end inside hours, as a half-hour zone's do: [09:15, 09:25) and [09:25, 16:00)
      const rows = await reader.teamZoneSeries(TEAM, [
        at('2026-04-05T09:15:00Z'),
        at('2026-04-05T09:25:00Z'),
        at('2026-04-05T16:00:00Z'),
      ]);
      expect([...rows].sort((x, y) => x.bucket - y.bucket)).toEqual([
        { bucket: at('2026-04-05T09:15:00Z'), visits: 1, uniqueVisitors: 1 },
        // card B's 09:30 view (raw, 09:25 to 10:00) and card A's 15:00 one (the rollup's whole hours)
        { bucket: at('2026-04-05T09:25:00Z'), visits: 2, uniqueVisitors: 2 },
      ]);
    });

    it("reads the cards' raw events per range in time order, each cut after its limit", async () => {
      const { reader } = ports();
      const ranges = [between('2026-04-05T09:00:00Z', '2026-04-05T09:30:00Z'), days('2026-04-06')];
      const rows = await reader.teamRawEvents(TEAM, ranges, 10);
      expect(
        rows.map((range) => range.map((row) => [row.profileId, new Date(row.ts).toISOString(), row.type])),
      ).toEqual([
        [
          [A, '2026-04-05T09:10:00.000Z', 'view'],
          [A, '2026-04-05T09:20:00.000Z', 'view'],
          [A, '2026-04-05T09:25:00.000Z', 'link_clicked'],
          [B, '2026-04-05T09:30:00.000Z', 'view'],
        ],
        [
          [A, '2026-04-06T10:45:00.000Z', 'view'],
          [A, '2026-04-06T10:50:00.000Z', 'vcard_saved'],
          [B, '2026-04-06T12:00:00.000Z', 'message_sent'],
          [B, '2026-04-06T12:10:00.000Z', 'view'],
        ],
      ]);
      expect(rows[0]?.[0]).toMatchObject({
        visitorId: 'same-id',
        authenticated: true,
        country: 'US',
        channel: 'direct',
      });
      expect(rows[0]?.[2]).toMatchObject({ target: 'https://github.com/team' });
      expect((await reader.teamRawEvents(TEAM, ranges, 2)).map((range) => range.length)).toEqual([3, 3]);
    });

    it('answers nothing for no cards', async () => {
      const { reader } = ports();
      expect(await reader.teamDailyFigures([], [days('2026-04-05')])).toEqual(new Map());
      expect(await reader.teamSeries([], days('2026-04-05'), 'day')).toEqual([]);
      expect(await reader.teamRawEvents([], [days('2026-04-05')], 10)).toEqual([[]]);
    });
  });
}
