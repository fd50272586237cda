import { v7 as uuidv7 } from 'uuid';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseAnalyticsStore } from '../adapters/clickhouse/clickhouse-analytics-store';
import { EmbeddedWriteLog } from '../adapters/write-log/embedded-write-log';
import { withWriteLog } from '../adapters/write-log/write-logging-store';
import type { StoredEvent } from '../events';
import type { PieceRequest, RecentWrites } from '../ports';
import { countingReads, type CountedReads } from '../testing/counting-reads';
import { storedEvent } from '../testing/store-contracts/stored-events';
import { AnalyticsReadService, type SummaryQuery } from './analytics-read.service';
import { localDayStart } from './zone';

// what a warm read of each kind asks the store, with the ranges the dashboard sends ("Last 30 days":
// from the local midnight 29 days before today to now, a later now on every read), on chDB (whose
// write log tells what was written since a read)

const DAY = 86_400_000;
const KOLKATA = 'Asia/Kolkata';
const CARDS = ['warm-1', 'warm-2', 'warm-3'];
const [CARD] = CARDS as [string];
const X = 'https://x.example';
/** 20:00 UTC on the 10th: 01:30 on the 11th in Kolkata */
const START = Date.parse('2026-03-10T20:00:00Z');

function seeded(): StoredEvent[] {
  const events: StoredEvent[] = [];
  for (const [c, profile_id] of CARDS.entries())
    for (let day = 0; day < 62; day++) {
      const at = (hour: number) => new Date(START - day * DAY - hour * 3_600_000).toISOString();
      const visitor_id = `v${c}-${day}`;
      const country = day % 2 === 0 ? 'US' : 'DE';
      events.push(
        storedEvent({ profile_id, at: at(1), visitor_id, country }),
        storedEvent({ profile_id, at: at(5), visitor_id: `${visitor_id}b`, country: 'FR' }),
        storedEvent({ profile_id, at: at(2), visitor_id, type: 'link_clicked', target: X }),
      );
    }
  return events;
}

describe('warm reads of the dashboard ask the store only for what can have changed (chDB)', () => {
  let dir: string;
  let store: ClickHouseAnalyticsStore & RecentWrites;
  let counted: CountedReads<ClickHouseAnalyticsStore & RecentWrites>;
  let service: AnalyticsReadService;
  let now = START;
  const clock = () => now;
  /** the pieces each pieceFigures read asked for */
  let pieceReads: PieceRequest[] = [];
  /** the bucket edges each cardsVisits read asked for */
  let bucketReads: number[][] = [];
  let written = 0;

  /**
   * the dashboard's "Last 30 days" in a zone, to now: as the api gets it, sent a moment before the
   * read runs
   */
  const last30 = (timeZone = 'UTC') => ({
    from: new Date(localDayStart(timeZone, now) - 29 * DAY),
    to: new Date(now - 300),
  });
  /** a moment later, as the next read of an owner comes */
  const later = () => {
    now += 1500;
    counted.reset();
    pieceReads = [];
    bucketReads = [];
  };
  /** an event written now less a second */
  const write = async (event: Partial<StoredEvent> = {}) => {
    written++;
    // a batch id made now, as the pipeline's: the write log then knows what the batch wrote
    await store.insertEvents(uuidv7(), [
      storedEvent({
        profile_id: CARD,
        at: new Date(now - 1000).toISOString(),
        visitor_id: `new-${written}`,
        ...event,
      }),
    ]);
  };
  /** what a service with nothing kept answers */
  const fresh = (query: SummaryQuery = {}) =>
    new AnalyticsReadService(store, store, undefined, clock).summary(CARD, last30(query.timeZone), [], query);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-warm-'));
    store = withWriteLog(
      ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dir, 'chdb') } }),
      new EmbeddedWriteLog(),
    );
    await store.migrate();
    await store.insertEvents('warm-seed', seeded());
    // the pieces and the buckets each read asked for, then every query counted
    const spied = Object.create(store) as typeof store;
    Object.defineProperty(spied, 'pieceFigures', {
      value: (profileId: string, request: PieceRequest) => {
        pieceReads.push(request);
        return store.pieceFigures(profileId, request);
      },
    });
    Object.defineProperty(spied, 'cardsVisits', {
      value: (ids: string[], edges: number[]) => {
        bucketReads.push(edges);
        return store.cardsVisits(ids, edges);
      },
    });
    counted = countingReads(spied);
    service = new AnalyticsReadService(counted.store, store, undefined, clock);
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("unfiltered in UTC: nothing while the card is not written, nothing for a view, today's link piece for a click", async () => {
    await service.summary(CARD, last30(), []);
    later();
    expect(await service.summary(CARD, last30(), [])).toEqual(await fresh());
    // the fresh service's reads went to the store itself, not the counted one
    expect(counted.total()).toBe(0);
    await write();
    later();
    const afterView = await service.summary(CARD, last30(), []);
    expect(counted.total()).toBe(0);
    expect(afterView).toEqual(await fresh());
    await write({ type: 'link_clicked', target: X });
    later();
    const afterClick = await service.summary(CARD, last30(), []);
    expect(counted.reads).toMatchObject({ pieceFigures: 1 });
    expect(counted.total()).toBe(1);
    expect(afterClick.clicksByLink[0]?.uniqueClicks).toBe((afterView.clicksByLink[0]?.uniqueClicks ?? 0) + 1);
    expect(afterClick).toEqual(await fresh());
  });

  it('unfiltered in UTC over a rolling range (now less 30 days): nothing while the card is not written', async () => {
    // the range as the api gets it: sent as ending now, a moment before the read runs
    const rolling = () => ({ from: new Date(now - 30 * DAY), to: new Date(now - 300) });
    await service.summary(CARD, rolling(), []);
    later();
    await service.summary(CARD, rolling(), []);
    expect(counted.total()).toBe(0);
  });

  it('holds the day a range starts inside from the hour before its start: an earlier start reads it again', async () => {
    const reads: Array<Array<{ from: string; to: string }>> = [];
    const spied = Object.create(counted.store) as typeof store;
    Object.defineProperty(spied, 'rawEvents', {
      value: (profileId: string, ranges: Array<{ from: Date; to: Date }>, limit: number) => {
        reads.push(ranges.map((r) => ({ from: r.from.toISOString(), to: r.to.toISOString() })));
        return counted.store.rawEvents(profileId, ranges, limit);
      },
    });
    const reader = new AnalyticsReadService(spied, store, undefined, clock);
    const startingAt = (hoursAgo: number) => ({
      from: new Date(now - 30 * DAY - hoursAgo * 3_600_000),
      to: new Date(now - 300),
    });
    await reader.summary(CARD, startingAt(0), []);
    // the period before starts 60 days before 20:00 on the 10th: its day is read from 19:00 (the day
    // the range starts in holds the end of the period before too, and is read whole)
    expect(reads[0]).toEqual(
      expect.arrayContaining([
        { from: '2026-02-08T00:00:00.000Z', to: '2026-02-08T23:59:59.999Z' },
        { from: '2026-01-09T19:00:00.000Z', to: '2026-01-09T23:59:59.999Z' },
      ]),
    );
    later();
    reads.length = 0;
    // a range an hour longer: its period before starts two hours earlier, before what is held
    expect(await reader.summary(CARD, startingAt(1), [])).toEqual(
      await new AnalyticsReadService(store, store, undefined, clock).summary(CARD, startingAt(1), []),
    );
    expect(reads).toEqual([[{ from: '2026-01-09T17:00:00.000Z', to: '2026-01-09T23:59:59.999Z' }]]);
  });

  it("unfiltered in Kolkata: nothing while the card is not written, today's series piece after a view", async () => {
    const query = { timeZone: KOLKATA };
    await service.summary(CARD, last30(KOLKATA), [], query);
    later();
    expect(await service.summary(CARD, last30(KOLKATA), [], query)).toEqual(await fresh(query));
    expect(counted.total()).toBe(0);
    await write();
    later();
    expect(await service.summary(CARD, last30(KOLKATA), [], query)).toEqual(await fresh(query));
    // the views of the local day's part in today's UTC day: one piece, in one query
    expect(counted.total()).toBe(1);
    expect(pieceReads.flatMap((read) => read.pieces)).toHaveLength(1);
  });

  it("filtered: nothing within the minute, the comparison's moved start once a minute, today's piece after a write", async () => {
    const query = { filters: { country: 'US' } };
    // a second into a minute: the reads below stay inside it until the clock is moved a minute on
    now = Math.floor(now / 60_000) * 60_000 + 61_000;
    await service.summary(CARD, last30(), [], query);
    later();
    expect(await service.summary(CARD, last30(), [], query)).toEqual(await fresh(query));
    expect(counted.total()).toBe(0);
    // the period compared is as long as the range, rounded up to the minute: its start moves once a
    // minute, inside a finished day, whose part is read again
    now += 60_000;
    later();
    expect(await service.summary(CARD, last30(), [], query)).toEqual(await fresh(query));
    expect(counted.total()).toBe(1);
    expect(pieceReads.flatMap((read) => read.pieces)).toHaveLength(1);
    await write();
    later();
    expect(await service.summary(CARD, last30(), [], query)).toEqual(await fresh(query));
    expect(counted.total()).toBe(1);
    expect(pieceReads.flatMap((read) => read.pieces)).toHaveLength(1);
  });

  it("the overview's lines (a team's summary, lines only): nothing while no card is written", async () => {
    const cards = CARDS.map((profileId) => ({ profileId, linkOwners: [] }));
    const compare = { comparison: 'previous' as const, timeZone: KOLKATA, linesOnly: true };
    await service.teamSummary(cards, last30(KOLKATA), compare);
    later();
    const again = await service.teamSummary(cards, last30(KOLKATA), compare);
    expect(counted.total()).toBe(0);
    const nothingKept = new AnalyticsReadService(store, store, undefined, clock);
    expect(again).toEqual(await nothingKept.teamSummary(cards, last30(KOLKATA), compare));
  });

  it("the overview's series: nothing while no card is written, then today's bucket alone", async () => {
    const read = () => service.cardsSeries(CARDS, last30(KOLKATA), KOLKATA);
    const first = await read();
    later();
    expect(await read()).toEqual(first);
    expect(counted.total()).toBe(0);
    await write();
    later();
    const next = await read();
    expect(counted.total()).toBe(1);
    expect(bucketReads).toEqual([[localDayStart(KOLKATA, now), localDayStart(KOLKATA, now) + DAY]]);
    const today = first.buckets.length - 1;
    expect(next.visits.get(CARD)?.[today]).toBe((first.visits.get(CARD)?.[today] ?? 0) + 1);
    const nothingKept = new AnalyticsReadService(store, store, undefined, clock);
    expect(next).toEqual(await nothingKept.cardsSeries(CARDS, last30(KOLKATA), KOLKATA));
  });
});
