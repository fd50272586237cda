import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../../infra/test/clickhouse-http-fixture';
import { ClickHouseAnalyticsStore } from '../adapters/clickhouse/clickhouse-analytics-store';
import { EmbeddedWriteLog } from '../adapters/write-log/embedded-write-log';
import { withWriteLog, withoutWriteLog } from '../adapters/write-log/write-logging-store';
import type { StoredEvent } from '../events';
import type { PieceRequest, RecentWrites } from '../ports';
import { storedEvent } from '../testing/store-contracts/stored-events';
import { AnalyticsReadService, parseRange } from './analytics-read.service';
import { planPieces } from './pieces';
import { bucketStarts, isoInZone, localDayStart, nextLocalDay, yearBefore } from './zone';

const KOLKATA = 'Asia/Kolkata';
const iso = (ms: number) => new Date(ms).toISOString();

describe('time zones', () => {
  it("starts Kolkata's days at 18:30 UTC, Berlin's at 23:00 or 22:00 as its clocks change", () => {
    const at = Date.parse('2026-03-09T10:00:00Z');
    expect(iso(localDayStart(KOLKATA, at))).toBe('2026-03-08T18:30:00.000Z');
    expect(iso(nextLocalDay(KOLKATA, at))).toBe('2026-03-09T18:30:00.000Z');
    expect(iso(localDayStart('Europe/Berlin', Date.parse('2026-03-29T12:00:00Z')))).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(iso(nextLocalDay('Europe/Berlin', Date.parse('2026-03-29T12:00:00Z')))).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    // Santiago's clocks skip from 00:00 to 01:00 on 6 September: that day starts at 01:00 (04:00 UTC)
    expect(iso(localDayStart('America/Santiago', Date.parse('2026-09-06T12:00:00Z')))).toBe(
      '2026-09-06T04:00:00.000Z',
    );
    expect(iso(nextLocalDay('America/Santiago', Date.parse('2026-09-05T12:00:00Z')))).toBe(
      '2026-09-06T04:00:00.000Z',
    );
    expect(isoInZone(Date.parse('2026-03-08T18:30:00Z'), KOLKATA)).toBe('2026-03-09T00:00:00.000+05:30');
    expect(isoInZone(Date.parse('2026-03-08T18:30:00Z'), 'UTC')).toBe('2026-03-08T18:30:00.000Z');
  });

  it('cuts a range at UTC and local midnights, each piece in one UTC day and one local day', () => {
    const pieces = planPieces(parseRange('2026-03-08T12:00:00Z', '2026-03-09T20:00:00Z'), KOLKATA);
    expect(pieces.map((piece) => [iso(piece.from), iso(piece.to), iso(piece.localDay)])).toEqual([
      ['2026-03-08T12:00:00.000Z', '2026-03-08T18:29:59.999Z', '2026-03-07T18:30:00.000Z'],
      ['2026-03-08T18:30:00.000Z', '2026-03-08T23:59:59.999Z', '2026-03-08T18:30:00.000Z'],
      ['2026-03-09T00:00:00.000Z', '2026-03-09T18:29:59.999Z', '2026-03-08T18:30:00.000Z'],
      ['2026-03-09T18:30:00.000Z', '2026-03-09T20:00:00.000Z', '2026-03-09T18:30:00.000Z'],
    ]);
  });

  it("lists a zone's buckets, hours half past a UTC hour for +05:30", () => {
    const range = parseRange('2026-03-08T18:30:00Z', '2026-03-08T21:00:00Z');
    expect(bucketStarts(range, 'hour', KOLKATA).map(iso)).toEqual([
      '2026-03-08T18:30:00.000Z',
      '2026-03-08T19:30:00.000Z',
      '2026-03-08T20:30:00.000Z',
    ]);
  });

  it('moves a range to the same local dates a year before (29 February: the 28th)', () => {
    const range = parseRange('2028-02-28T18:30:00Z', '2028-03-01T18:29:59.999Z');
    const before = yearBefore(range, KOLKATA);
    // local 29 February 2028 to 1 March: 28 February 2027 to 1 March
    expect([iso(before.from.getTime()), iso(before.to.getTime())]).toEqual([
      '2027-02-27T18:30:00.000Z',
      '2027-03-01T18:29:59.999Z',
    ]);
  });
});

const CARD = 'zoned-card';
/** 20:00 UTC on the 10th: 01:30 on the 11th in Kolkata */
const NOW = Date.parse('2026-03-10T20:00:00Z');
/** the local days 8 to 11 March in Kolkata */
const RANGE = parseRange('2026-03-07T18:30:00.000Z', '2026-03-11T18:29:59.999Z');
const X = 'https://x.example';

function seeded(): StoredEvent[] {
  const e = (at: string, o: Partial<StoredEvent> = {}) => storedEvent({ profile_id: CARD, at, ...o });
  const v1 = { visitor_id: 'v1', country: 'DE', channel: 'qr' };
  const v2 = { visitor_id: 'v2', country: 'US', device: 'desktop' as const };
  return [
    // one second before and at the local midnight: two local days
    e('2026-03-08T18:29:59.000Z', v1),
    e('2026-03-08T18:30:00.000Z', v2),
    // the German visitor's save and click, after the local midnight, the same UTC day
    e('2026-03-08T19:00:00.000Z', { ...v1, type: 'vcard_saved' }),
    e('2026-03-08T19:01:00.000Z', { ...v1, type: 'link_clicked', target: X }),
    e('2026-03-08T19:02:00.000Z', { ...v2, type: 'link_clicked', target: X }),
    // v1 the next UTC day is another visitor, from the US
    e('2026-03-09T10:00:00.000Z', { visitor_id: 'v1', country: 'US' }),
    // a year before, and today
    e('2025-03-09T10:00:00.000Z', { visitor_id: 'v3', country: 'DE' }),
    e('2026-03-10T19:00:00.000Z', { visitor_id: 'v4', country: 'DE' }),
  ];
}

describe.each(['chdb', 'http'] as const)('summaries in a zone, narrowed, over %s', (transport) => {
  let dir: string;
  let fixture: ClickHouseHttpFixture | null = null;
  let raw: ClickHouseAnalyticsStore;
  let store: ClickHouseAnalyticsStore & RecentWrites;
  let reader: AnalyticsReadService;
  /** the pieces each pieceFigures read asked for */
  let pieceReads: PieceRequest[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `cardcraft-zoned-${transport}-`));
    if (transport === 'http') {
      fixture = await startClickHouseHttpFixture({ dir: join(dir, 'server') });
      raw = ClickHouseAnalyticsStore.open({ transport: { kind: 'http', url: fixture.url } });
      store = withoutWriteLog(raw);
    } else {
      raw = ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dir, 'chdb') } });
      store = withWriteLog(raw, new EmbeddedWriteLog());
    }
    await raw.migrate();
    await store.insertEvents('zoned-seed', seeded());
    const pieceFigures = store.pieceFigures.bind(store);
    store.pieceFigures = (profileId, request) => {
      pieceReads.push(request);
      return pieceFigures(profileId, request);
    };
    reader = new AnalyticsReadService(store, store, undefined, () => NOW);
  }, 60_000);

  afterAll(async () => {
    await raw?.close();
    await fixture?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const series = (points: Array<{ bucketUtc: string; visits: number }>) =>
    points.map((point) => [point.bucketUtc, point.visits]);

  it("counts the series in the zone's days, the seconds each side of a local midnight apart", async () => {
    const summary = await reader.summary(CARD, RANGE, [], { timeZone: KOLKATA });
    expect(summary.timeZone).toBe(KOLKATA);
    expect(summary.totalVisits).toBe(4);
    expect(series(summary.timeSeries.points)).toEqual([
      ['2026-03-07T18:30:00.000Z', 1],
      ['2026-03-08T18:30:00.000Z', 2],
      ['2026-03-09T18:30:00.000Z', 0],
      ['2026-03-10T18:30:00.000Z', 1],
    ]);
    expect(summary.clicksByLink).toEqual([{ target: X, clicks: 2, uniqueClicks: 2, clickRate: 0.5 }]);
  });

  it('narrows every widget to the visitors whose view that UTC day matched, with all their events', async () => {
    const summary = await reader.summary(CARD, RANGE, [{ id: 'b', kind: 'block', label: 'X', urls: [X] }], {
      timeZone: KOLKATA,
      filters: { country: 'DE' },
      compare: 'year',
    });
    expect(summary).toMatchObject({
      totalVisits: 2,
      uniqueVisitors: 2,
      filters: { country: 'DE' },
      visitsByCountry: { DE: 2 },
      visitsByChannel: { qr: 1, direct: 1 },
      engagement: { vcard_saved: 1, link_clicked: 1 },
      clicksByLink: [{ target: X, clicks: 1, uniqueClicks: 1, clickRate: 0.5 }],
      clicksByBlock: [{ id: 'b', kind: 'block', label: 'X', clicks: 1, uniqueClicks: 1, clickRate: 0.5 }],
    });
    expect(summary.funnel.map((step) => [step.step, step.visitors])).toEqual([
      ['viewed', 2],
      ['saved_or_shared', 1],
      ['clicked', 1],
      ['messaged', 0],
    ]);
    expect(series(summary.timeSeries.points)).toEqual([
      ['2026-03-07T18:30:00.000Z', 1],
      ['2026-03-08T18:30:00.000Z', 0],
      ['2026-03-09T18:30:00.000Z', 0],
      ['2026-03-10T18:30:00.000Z', 1],
    ]);
    // the same local dates a year before: the German view of 9 March 2025
    expect(summary.comparison).toMatchObject({
      kind: 'year',
      previous: { fromUtc: '2025-03-07T18:30:00.000Z', toUtc: '2025-03-11T18:29:59.999Z', visits: 1 },
      changePercent: { visits: 100 },
    });
    const channel = await reader.summary(CARD, RANGE, [], {
      timeZone: KOLKATA,
      filters: { channel: 'direct' },
    });
    expect(channel.visitsByCountry).toEqual({ US: 2, DE: 1 });
    const link = await reader.summary(CARD, RANGE, [], { filters: { link: X } });
    expect(link.visitsByCountry).toEqual({ DE: 1, US: 1 });
    const page = await reader.visits(CARD, RANGE, 10, null, { country: 'DE' });
    expect(page.rows.map((row) => row.ts.toISOString())).toEqual([
      '2026-03-10T19:00:00.000Z',
      '2026-03-08T18:29:59.000Z',
    ]);
  });

  it("keeps the finished pieces, reads today's again when the store may hold more, and shows a new event", async () => {
    const query = { timeZone: KOLKATA, filters: { device: 'mobile' } };
    const first = await reader.summary(CARD, RANGE, [], query);
    pieceReads = [];
    expect(await reader.summary(CARD, RANGE, [], query)).toEqual(first);
    // the pieces that end after now less two minutes are today's: read again unless the store's
    // write version says nothing was written (chDB)
    const reread = pieceReads.flatMap((read) => read.pieces.map((piece) => iso(piece.from.getTime())));
    expect(reread).toEqual(
      transport === 'chdb' ? [] : ['2026-03-10T18:30:00.000Z', '2026-03-11T00:00:00.000Z'],
    );
    await store.insertEvents('zoned-today', [
      storedEvent({ profile_id: CARD, at: '2026-03-10T19:30:00.000Z', visitor_id: 'v5' }),
    ]);
    pieceReads = [];
    const next = await reader.summary(CARD, RANGE, [], query);
    expect(next.totalVisits).toBe(first.totalVisits + 1);
    expect(pieceReads.flatMap((read) => read.pieces)).toHaveLength(2);
    // an erased card's kept pieces go at once
    reader.forget(CARD);
    pieceReads = [];
    await reader.summary(CARD, RANGE, [], query);
    expect(pieceReads.flatMap((read) => read.pieces).length).toBeGreaterThan(2);
  });
});
