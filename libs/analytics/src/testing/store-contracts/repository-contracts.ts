import { v7 as uuidv7 } from 'uuid';
import { readMigrations } from '../../adapters/clickhouse/migrations';
import { eventRowsOf } from '../../enrichment/event-rows';
import type { StoredEvent } from '../../events';
import type { AnalyticsSchema, BreakdownRow, EventEraser, EventWriter, FiguresReader } from '../../ports';
import { between, days, storedEvent } from './stored-events';

/**
 * the contracts of the repository's ports, each a describe block any adapter runs against a migrated
 * store of its own; each contract writes cards of its own, so they share one store
 */

export function analyticsSchemaContract(ports: () => { schema: AnalyticsSchema; applied: number[] }): void {
  describe('AnalyticsSchema', () => {
    it('applies every migration on a new store, and none the next time', async () => {
      expect(ports().applied).toEqual(readMigrations().map((migration) => migration.version));
      expect(await ports().schema.migrate()).toEqual([]);
    });
  });
}

const count = async (reader: FiguresReader, card: string) =>
  (await reader.rawEvents(card, [days('2026-04-01', '2026-04-30')], 1000))[0]?.length ?? 0;

export function eventWriterContract(ports: () => { writer: EventWriter; reader: FiguresReader }): void {
  describe('EventWriter', () => {
    const card = 'contract-writer';
    const rows = (n: number, batch: string) =>
      Array.from({ length: n }, (_, i) =>
        storedEvent({ profile_id: card, at: `2026-04-03T10:0${i}:00Z`, batch_id: batch }),
      );

    it('stores the rows of a batch once, whether they come as objects or as the enricher writes them', async () => {
      const { writer, reader } = ports();
      const first = rows(3, 'writer-1');
      await writer.insertEvents('writer-1', first);
      expect(await count(reader, card)).toBe(3);
      // a retried batch (the same id) is stored once
      await writer.insertEvents('writer-1', first);
      expect(await count(reader, card)).toBe(3);
      await writer.insertEvents('writer-2', eventRowsOf(rows(2, 'writer-2')));
      expect(await count(reader, card)).toBe(5);
      await writer.insertEvents('writer-empty', []);
      expect(await count(reader, card)).toBe(5);
    });

    it('stores a value with tabs, line breaks, quotes and backslashes as it was', async () => {
      const { writer, reader } = ports();
      const target = 'https://example.com/a\tb\nc\\d\'e"f\rg\bh\0i é 🙂 \\n\\t';
      const row = storedEvent({
        profile_id: 'contract-escapes',
        at: '2026-04-03T11:00:00Z',
        type: 'link_clicked',
        target,
        utm_campaign: 'spring\\tsale\t\\',
        city: "L'Aquila",
      });
      await writer.insertEvents(uuidv7(), [row]);
      const [read] = await reader.rawEvents('contract-escapes', [days('2026-04-03')], 10);
      expect(read?.map((event) => [event.target, event.utmCampaign, event.city])).toEqual([
        [target, 'spring\\tsale\t\\', "L'Aquila"],
      ]);
    });

    it('throws when the rows are not stored, so the queue retries', async () => {
      const bad: StoredEvent = {
        ...storedEvent({ profile_id: card, at: '2026-04-03T12:00:00Z' }),
        event_id: 'not-a-uuid',
      };
      await expect(ports().writer.insertEvents('writer-bad', [bad])).rejects.toThrow();
    });
  });
}

const P = 'contract-figures';

/** known events of P: every figure below is counted by hand from this list */
function seeded(): StoredEvent[] {
  const e = (at: string, o: Partial<StoredEvent> = {}) => storedEvent({ profile_id: P, at, ...o });
  const v3 = { visitor_id: 'visitor-3', device: 'desktop' as const, country: 'DE' };
  return [
    e('2026-04-01T10:15:00Z', {
      user_id: 'user-1',
      authenticated: 1,
      city: 'Austin',
      referrer_host: 'linkedin.com',
      channel: 'referral',
    }),
    e('2026-04-01T10:45:00Z'),
    e('2026-04-01T12:00:00Z', { visitor_id: 'visitor-2', authenticated: 1, device: 'tablet', country: 'GB' }),
    e('2026-04-02T08:30:00Z', {
      ...v3,
      user_id: 'user-2',
      authenticated: 1,
      referrer_host: 't.co',
      channel: 'campaign',
    }),
    e('2026-04-01T10:20:00Z', { type: 'vcard_saved' }),
    e('2026-04-01T10:21:00Z', { type: 'link_clicked', target: 'https://github.com/someone' }),
    e('2026-04-02T08:31:00Z', { ...v3, type: 'link_clicked', target: 'https://example.com' }),
    e('2026-04-02T08:40:00Z', { ...v3, type: 'message_sent' }),
    // outside the range, and another card: never counted
    e('2026-03-31T23:59:59.999Z', { visitor_id: 'visitor-4' }),
    storedEvent({ profile_id: 'contract-other', at: '2026-04-01T11:00:00Z' }),
  ];
}

/** breakdown rows per dimension, in the order the store gave them */
const byDimension = (rows: BreakdownRow[]) => {
  const out: Record<string, Array<[string, number]>> = {};
  for (const row of rows) (out[row.dimension] ??= []).push([row.value, row.count]);
  return out;
};

export function figuresReaderContract(ports: () => { writer: EventWriter; reader: FiguresReader }): void {
  describe('FiguresReader', () => {
    const RANGE = days('2026-04-01', '2026-04-02');
    beforeAll(() => ports().writer.insertEvents('figures-seed', seeded()));

    it('counts events, signed-in events and visitors per type, and the funnel', async () => {
      expect(await ports().reader.figures(P, RANGE)).toEqual({
        byType: [
          { type: 'link_clicked', events: 2, authenticated: 0, visitors: 2 },
          { type: 'message_sent', events: 1, authenticated: 0, visitors: 1 },
          { type: 'vcard_saved', events: 1, authenticated: 0, visitors: 1 },
          { type: 'view', events: 4, authenticated: 3, visitors: 3 },
        ],
        stepVisitors: { viewed: 3, saved_or_shared: 1, clicked: 2, messaged: 1 },
      });
    });

    it('counts a range whose bounds fall inside hours exactly', async () => {
      const figures = await ports().reader.figures(
        P,
        between('2026-04-01T10:30:00Z', '2026-04-02T08:35:00Z'),
      );
      expect(figures.byType.map((row) => [row.type, row.events])).toEqual([
        ['link_clicked', 1],
        ['view', 3],
      ]);
    });

    it('breaks the views down by every view dimension, and the clicks by link', async () => {
      expect(byDimension(await ports().reader.breakdowns(P, RANGE))).toEqual({
        city: [
          ['', 3],
          ['Austin', 1],
        ],
        browser: [['Safari', 4]],
        utm_source: [['', 4]],
        utm_medium: [['', 4]],
        utm_campaign: [['', 4]],
        country: [
          ['US', 2],
          ['DE', 1],
          ['GB', 1],
        ],
        device: [
          ['mobile', 2],
          ['desktop', 1],
          ['tablet', 1],
        ],
        referrer_host: [
          ['', 2],
          ['linkedin.com', 1],
          ['t.co', 1],
        ],
        channel: [
          ['direct', 2],
          ['campaign', 1],
          ['referral', 1],
        ],
        link: [
          ['https://example.com', 1],
          ['https://github.com/someone', 1],
        ],
      });
    });

    it('answers the views per hour and per day', async () => {
      const series = async (granularity: 'hour' | 'day') =>
        (await ports().reader.series(P, RANGE, granularity)).map((row) => [
          row.bucket.toISOString(),
          row.visits,
          row.uniqueVisitors,
        ]);
      expect(await series('hour')).toEqual([
        ['2026-04-01T10:00:00.000Z', 2, 1],
        ['2026-04-01T12:00:00.000Z', 1, 1],
        ['2026-04-02T08:00:00.000Z', 1, 1],
      ]);
      expect(await series('day')).toEqual([
        ['2026-04-01T00:00:00.000Z', 3, 2],
        ['2026-04-02T00:00:00.000Z', 1, 1],
      ]);
    });

    it('lists the views newest first, page by page, with every field', async () => {
      const { reader } = ports();
      const first = await reader.visits(P, RANGE, 2, null);
      expect(first[0]).toEqual({
        id: expect.any(String),
        ts: new Date('2026-04-02T08:30:00Z'),
        userId: 'user-2',
        authenticated: true,
        city: null,
        country: 'DE',
        device: 'desktop',
        referrerHost: 't.co',
      });
      const last = first[1]!;
      expect(last.ts).toEqual(new Date('2026-04-01T12:00:00Z'));
      const second = await reader.visits(P, RANGE, 2, { ts: last.ts, id: last.id });
      expect(second.map((row) => [row.ts.toISOString(), row.userId, row.city])).toEqual([
        ['2026-04-01T10:45:00.000Z', null, null],
        ['2026-04-01T10:15:00.000Z', 'user-1', 'Austin'],
      ]);
      const end = second[1]!;
      expect(await reader.visits(P, RANGE, 2, { ts: end.ts, id: end.id })).toEqual([]);
    });

    it('answers the figures of each segment per utc day, in one read', async () => {
      const daily = await ports().reader.dailyFigures(P, [
        days('2026-04-01'),
        between('2026-04-02T00:00:00Z', '2026-04-02T08:35:00Z'),
      ]);
      const types = (segment: number, day: string) =>
        (daily.get(segment)?.get(day)?.byType ?? [])
          .map((row) => [row.type, row.events, row.authenticated])
          .sort();
      expect([...daily.keys()].sort()).toEqual([0, 1]);
      expect(types(0, '2026-04-01')).toEqual([
        ['link_clicked', 1, 0],
        ['vcard_saved', 1, 0],
        ['view', 3, 2],
      ]);
      expect(daily.get(0)?.get('2026-04-01')?.stepVisitors).toEqual({
        viewed: 2,
        saved_or_shared: 1,
        clicked: 1,
        messaged: 0,
      });
      expect(types(1, '2026-04-02')).toEqual([
        ['link_clicked', 1, 0],
        ['view', 1, 1],
      ]);
      const countries = daily
        .get(1)
        ?.get('2026-04-02')
        ?.breakdowns.filter((row) => row.dimension === 'country');
      expect(countries).toEqual([{ dimension: 'country', value: 'DE', count: 1 }]);
      expect(await ports().reader.dailyFigures(P, [])).toEqual(new Map());
    });

    it('reads the raw events of each range oldest first, a range past the limit cut at limit + 1', async () => {
      const { reader } = ports();
      const ranges = [days('2026-04-01'), days('2026-04-02')];
      const all = await reader.rawEvents(P, ranges, 100);
      expect(all.map((rows) => rows.map((row) => new Date(row.ts).toISOString().slice(11, 16)))).toEqual([
        ['10:15', '10:20', '10:21', '10:45', '12:00'],
        ['08:30', '08:31', '08:40'],
      ]);
      expect(all[1]?.[0]).toEqual({
        ts: Date.parse('2026-04-02T08:30:00Z'),
        type: 'view',
        visitorId: 'visitor-3',
        authenticated: true,
        country: 'DE',
        city: '',
        device: 'desktop',
        browser: 'Safari',
        referrerHost: 't.co',
        channel: 'campaign',
        utmSource: '',
        utmMedium: '',
        utmCampaign: '',
        target: '',
      });
      expect((await reader.rawEvents(P, ranges, 2)).map((rows) => rows.length)).toEqual([3, 3]);
      expect(await reader.rawEvents(P, [], 2)).toEqual([]);
    });

    it('reads the pages and raw events of cards asked at once as each reads alone', async () => {
      const { reader } = ports();
      const alone = [
        await reader.visits(P, RANGE, 3, null),
        await reader.visits('contract-other', RANGE, 3, null),
      ];
      const together = await Promise.all([
        reader.visits(P, RANGE, 3, null),
        reader.visits('contract-other', RANGE, 3, null),
        reader.visits(P, days('2026-04-01'), 1, null),
      ]);
      expect(together.slice(0, 2)).toEqual(alone);
      expect(together[2]?.map((row) => row.ts.toISOString())).toEqual(['2026-04-01T12:00:00.000Z']);
      const raw = await Promise.all([
        reader.rawEvents(P, [days('2026-04-01')], 100),
        reader.rawEvents('contract-other', [days('2026-04-01')], 100),
      ]);
      expect(raw.map((ranges) => ranges.map((rows) => rows.length))).toEqual([[5], [1]]);
    });

    it('counts the views and visitors since a moment', async () => {
      const { writer, reader } = ports();
      const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
      const card = 'contract-live';
      await writer.insertEvents(uuidv7(), [
        storedEvent({ profile_id: card, at: ago(60_000) }),
        storedEvent({ profile_id: card, at: ago(120_000) }),
        storedEvent({ profile_id: card, at: ago(30_000), visitor_id: 'visitor-2' }),
        storedEvent({ profile_id: card, at: ago(30_000), type: 'shared' }),
        storedEvent({ profile_id: card, at: ago(6 * 60_000), visitor_id: 'visitor-3' }),
      ]);
      const since = new Date(Date.now() - 5 * 60_000);
      expect(await reader.live(card, since)).toEqual({ visits: 3, visitors: 2 });
      expect(await reader.live('contract-nobody', since)).toEqual({ visits: 0, visitors: 0 });
    });
  });
}

export function eventEraserContract(
  ports: () => { writer: EventWriter; reader: FiguresReader; eraser: EventEraser },
): void {
  describe('EventEraser', () => {
    const views = (card: string, n: number) =>
      Array.from({ length: n }, (_, i) => storedEvent({ profile_id: card, at: `2026-04-05T10:0${i}:00Z` }));
    const viewsOf = async (card: string) =>
      (await ports().reader.figures(card, days('2026-04-05'))).byType.find((row) => row.type === 'view')
        ?.events ?? 0;

    it('marks a profile erased for good and deletes its events and rollups, nothing else', async () => {
      const { writer, eraser, reader } = ports();
      await writer.insertEvents(uuidv7(), [...views('contract-erased', 3), ...views('contract-kept', 2)]);
      expect([await viewsOf('contract-erased'), await viewsOf('contract-kept')]).toEqual([3, 2]);
      await eraser.recordErasure('contract-erased');
      expect(await eraser.erasedAmong(['contract-erased', 'contract-kept', 'contract-nobody'])).toEqual(
        new Set(['contract-erased']),
      );
      await eraser.deleteProfileEvents('contract-erased');
      // the rollups (the whole hours) go with the raw events
      expect([await viewsOf('contract-erased'), await viewsOf('contract-kept')]).toEqual([0, 2]);
      expect(await reader.rawEvents('contract-erased', [days('2026-04-05')], 10)).toEqual([[]]);
      // again (a retry): the same
      await eraser.recordErasure('contract-erased');
      await eraser.deleteProfileEvents('contract-erased');
      expect(await eraser.erasedAmong(['contract-erased'])).toEqual(new Set(['contract-erased']));
      expect(await eraser.erasedAmong([])).toEqual(new Set());
    });

    it('keeps raw events for the days it is given, and for ever again on null', async () => {
      const { eraser, reader } = ports();
      expect(reader.rawKeptSince()).toBeNull();
      await expect(eraser.applyRetention(0)).rejects.toThrow(/whole number of days/);
      await expect(eraser.applyRetention(1.5)).rejects.toThrow(/whole number of days/);
      // long enough to keep every row the other contracts wrote
      await eraser.applyRetention(3650);
      const since = reader.rawKeptSince()?.getTime() ?? 0;
      expect(Math.abs(since - (Date.now() - 3650 * 86_400_000))).toBeLessThan(60_000);
      await eraser.applyRetention(null);
      expect(reader.rawKeptSince()).toBeNull();
    });
  });
}
