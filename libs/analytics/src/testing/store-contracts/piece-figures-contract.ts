import type { StoredEvent } from '../../events';
import type { EventWriter, FiguresReader, PieceFigures, StoreFilter } from '../../ports';
import { between, storedEvent } from './stored-events';

const P = 'contract-pieces';
const OTHER = 'contract-pieces-other';

/**
 * a Kolkata evening (+05:30: the local day starts at 18:30 UTC) of two visitors, and the next UTC day
 * of visitor a, who then came from the US: a visitor id is per card and UTC day, so that is another
 * visitor as far as a filter goes
 */
function seeded(): StoredEvent[] {
  const e = (at: string, o: Partial<StoredEvent> = {}) => storedEvent({ profile_id: P, at, ...o });
  const a = { visitor_id: 'visitor-a', country: 'DE', city: 'Berlin', browser: 'Firefox', channel: 'qr' };
  const b = { visitor_id: 'visitor-b', country: 'US', device: 'desktop' as const, utm_source: 'news' };
  return [
    e('2026-04-01T18:29:59.000Z', a),
    e('2026-04-01T18:30:00.000Z', b),
    e('2026-04-01T19:00:00.000Z', { ...a, type: 'vcard_saved' }),
    e('2026-04-01T19:05:00.000Z', { ...a, type: 'link_clicked', target: 'https://x.example' }),
    e('2026-04-01T19:06:00.000Z', { ...a, type: 'link_clicked', target: 'https://x.example' }),
    e('2026-04-01T20:00:00.000Z', { ...b, type: 'link_clicked', target: 'https://x.example' }),
    e('2026-04-02T09:00:00.000Z', { visitor_id: 'visitor-a', country: 'US' }),
    e('2026-04-02T09:01:00.000Z', { visitor_id: 'visitor-a', country: 'US', type: 'message_sent' }),
    storedEvent({ profile_id: OTHER, at: '2026-04-01T18:45:00.000Z' }),
    storedEvent({
      profile_id: OTHER,
      at: '2026-04-01T18:50:00.000Z',
      type: 'link_clicked',
      target: 'https://y.example',
    }),
  ];
}

/** the UTC day before the local midnight, the evening after it, and the next UTC day */
const PIECES = [
  between('2026-04-01T00:00:00.000Z', '2026-04-01T18:29:59.999Z'),
  between('2026-04-01T18:30:00.000Z', '2026-04-01T23:59:59.999Z'),
  between('2026-04-02T00:00:00.000Z', '2026-04-02T23:59:59.999Z'),
];

const NONE: StoreFilter = { views: [], link: null };

/** a piece's counts by type */
const types = (piece: PieceFigures | undefined) =>
  Object.fromEntries((piece?.byType ?? []).map((row) => [row.type, row.events]));

export function pieceFiguresContract(ports: () => { writer: EventWriter; reader: FiguresReader }): void {
  describe('FiguresReader pieces', () => {
    beforeAll(() => ports().writer.insertEvents('pieces-seed', seeded()));

    it('counts each piece apart, the two sides of a local midnight on different pieces', async () => {
      const pieces = await ports().reader.pieceFigures(P, {
        pieces: PIECES,
        filter: NONE,
        hourShiftMs: null,
        parts: 'all',
      });
      expect(pieces.map(types)).toEqual([
        { view: 1 },
        { link_clicked: 3, vcard_saved: 1, view: 1 },
        { message_sent: 1, view: 1 },
      ]);
      expect(pieces[1]?.stepVisitors).toEqual({ viewed: 1, saved_or_shared: 1, clicked: 2, messaged: 0 });
      expect(pieces[1]?.linkVisitors).toEqual([{ target: 'https://x.example', visitors: 2 }]);
      const dimension = (name: string) =>
        (pieces[0]?.breakdowns ?? []).filter((row) => row.dimension === name).map((row) => row.value);
      expect(dimension('city')).toEqual(['Berlin']);
      expect(dimension('browser')).toEqual(['Firefox']);
    });

    it('counts pieces asked in any order and with gaps between them, and a span over two days', async () => {
      const read = (pieces: typeof PIECES) =>
        ports().reader.pieceFigures(P, { pieces, filter: NONE, hourShiftMs: null, parts: 'all' });
      // out of order, the evening left out (a gap), the next evening's two parts asked last
      const [before, , next] = PIECES as [(typeof PIECES)[0], unknown, (typeof PIECES)[0]];
      const shuffled = await read([
        next,
        before,
        between('2026-04-01T19:00:00.000Z', '2026-04-01T23:59:59.999Z'),
        between('2026-04-01T18:30:00.000Z', '2026-04-01T18:59:59.999Z'),
      ]);
      expect(shuffled.map(types)).toEqual([
        { message_sent: 1, view: 1 },
        { view: 1 },
        { link_clicked: 3, vcard_saved: 1 },
        { view: 1 },
      ]);
      // one interval over both UTC days: every event of the card
      const [both] = await read([between(before.from.toISOString(), next.to.toISOString())]);
      expect(types(both)).toEqual({ link_clicked: 3, message_sent: 1, vcard_saved: 1, view: 3 });
    });

    it("keeps a filter's visitors of that UTC day, and all their events", async () => {
      const pieces = await ports().reader.pieceFigures(P, {
        pieces: PIECES,
        filter: { views: [{ column: 'country', values: ['DE'] }], link: null },
        hourShiftMs: null,
        parts: 'all',
      });
      // visitor a's save and clicks after the local midnight count under DE; their next day does not
      expect(pieces.map(types)).toEqual([{ view: 1 }, { link_clicked: 2, vcard_saved: 1 }, {}]);
      expect(pieces[1]?.linkVisitors).toEqual([{ target: 'https://x.example', visitors: 1 }]);
      const both = await ports().reader.pieceFigures(P, {
        pieces: PIECES,
        filter: {
          views: [
            { column: 'country', values: ['DE'] },
            { column: 'channel', values: ['direct', ''] },
          ],
          link: null,
        },
        hourShiftMs: null,
        parts: 'all',
      });
      expect(both.map(types)).toEqual([{}, {}, {}]);
    });

    it('keeps the visitors who clicked a link that day', async () => {
      const pieces = await ports().reader.pieceFigures(P, {
        pieces: PIECES,
        filter: { views: [], link: 'https://x.example' },
        hourShiftMs: null,
        parts: 'all',
      });
      expect(pieces.map(types)).toEqual([{ view: 1 }, { link_clicked: 3, vcard_saved: 1, view: 1 }, {}]);
    });

    it('answers the views per hour of a half-hour zone, and only what a series or the links need', async () => {
      const [, evening] = await ports().reader.pieceFigures(P, {
        pieces: PIECES,
        filter: NONE,
        hourShiftMs: 30 * 60_000,
        parts: 'series',
      });
      expect(types(evening)).toEqual({ view: 1 });
      expect(evening?.hours.map((hour) => [hour.bucket.toISOString(), hour.visits])).toEqual([
        ['2026-04-01T18:30:00.000Z', 1],
      ]);
      const [, links] = await ports().reader.pieceFigures(P, {
        pieces: PIECES,
        filter: NONE,
        hourShiftMs: null,
        parts: 'links',
      });
      expect(links?.byType).toEqual([]);
      expect(links?.linkVisitors).toEqual([{ target: 'https://x.example', visitors: 2 }]);
    });

    it("outlines a day's link clicks: each link's visitors' last clicks, ascending", async () => {
      const [evening, before] = await ports().reader.linkClickOutlines(P, [PIECES[1]!, PIECES[0]!]);
      expect(evening).toEqual([
        {
          target: 'https://x.example',
          last: [Date.parse('2026-04-01T19:06:00.000Z'), Date.parse('2026-04-01T20:00:00.000Z')],
        },
      ]);
      expect(before).toEqual([]);
    });

    it("reads the link clicks of cards asked at once as each reads alone, a filter's and a card's twice", async () => {
      const { reader } = ports();
      const germans: StoreFilter = { views: [{ column: 'country', values: ['DE'] }], link: null };
      const asked: Array<[string, StoreFilter]> = [
        [OTHER, NONE],
        [P, NONE],
        [P, germans],
      ];
      const links = (profileId: string, filter: StoreFilter) =>
        reader.pieceFigures(profileId, { pieces: PIECES, filter, hourShiftMs: null, parts: 'links' });
      const alone = [];
      for (const [profileId, filter] of asked) alone.push(await links(profileId, filter));
      // the first read alone; the others wait behind it and go together where they can
      const together = await Promise.all(asked.map(([profileId, filter]) => links(profileId, filter)));
      expect(together).toEqual(alone);
      expect(alone.map((pieces) => pieces[1]?.linkVisitors)).toEqual([
        [{ target: 'https://y.example', visitors: 1 }],
        [{ target: 'https://x.example', visitors: 2 }],
        [{ target: 'https://x.example', visitors: 1 }],
      ]);
      expect(alone[2]?.[1]?.breakdowns).toEqual([
        { dimension: 'link', value: 'https://x.example', count: 2 },
      ]);
      // a whole UTC day, as the daily rollup counts it (unfiltered) and as the raw events do (filtered)
      const day = between('2026-04-01T00:00:00.000Z', '2026-04-01T23:59:59.999Z');
      const wholeDay = (filter: StoreFilter) =>
        reader.pieceFigures(P, { pieces: [day, PIECES[2]!], filter, hourShiftMs: null, parts: 'links' });
      const [[all, next], [kept]] = [await wholeDay(NONE), await wholeDay(germans)];
      expect([all?.linkVisitors, all?.breakdowns, next?.linkVisitors]).toEqual([
        [{ target: 'https://x.example', visitors: 2 }],
        [{ dimension: 'link', value: 'https://x.example', count: 3 }],
        [],
      ]);
      expect(kept?.linkVisitors).toEqual([{ target: 'https://x.example', visitors: 1 }]);
      const outlines = await Promise.all([
        reader.linkClickOutlines(OTHER, [PIECES[1]!]),
        reader.linkClickOutlines(P, [PIECES[0]!, PIECES[1]!]),
        reader.linkClickOutlines(P, [PIECES[2]!]),
      ]);
      expect(outlines).toEqual([
        [[{ target: 'https://y.example', last: [Date.parse('2026-04-01T18:50:00.000Z')] }]],
        [
          [],
          [
            {
              target: 'https://x.example',
              last: [Date.parse('2026-04-01T19:06:00.000Z'), Date.parse('2026-04-01T20:00:00.000Z')],
            },
          ],
        ],
        [[]],
      ]);
    });

    it("lists a filter's visitors' views only", async () => {
      const rows = await ports().reader.visits(
        P,
        between('2026-04-01T00:00:00.000Z', '2026-04-02T23:59:59.999Z'),
        10,
        null,
        { views: [{ column: 'country', values: ['DE'] }], link: null },
      );
      expect(rows.map((row) => row.ts.toISOString())).toEqual(['2026-04-01T18:29:59.000Z']);
    });

    it('counts views per card and bucket, a bucket starting inside an hour exactly', async () => {
      const rows = await ports().reader.cardsVisits(
        [P, OTHER],
        [
          Date.parse('2026-03-31T18:30:00.000Z'),
          Date.parse('2026-04-01T18:30:00.000Z'),
          Date.parse('2026-04-02T18:30:00.000Z'),
        ],
      );
      const lines = rows.map((row) => [row.profileId, new Date(row.bucket).toISOString(), row.visits]);
      expect(lines).toHaveLength(3);
      expect(lines).toEqual(
        expect.arrayContaining([
          [P, '2026-03-31T18:30:00.000Z', 1],
          [P, '2026-04-01T18:30:00.000Z', 2],
          [OTHER, '2026-04-01T18:30:00.000Z', 1],
        ]),
      );
    });
  });
}
