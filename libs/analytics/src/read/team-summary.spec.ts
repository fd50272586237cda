import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { ClickHouseAnalyticsStore } from '../adapters/clickhouse/clickhouse-analytics-store';
import { EmbeddedWriteLog } from '../adapters/write-log/embedded-write-log';
import { withWriteLog } from '../adapters/write-log/write-logging-store';
import type { StoredEvent } from '../events';
import { NO_RECENT_WRITES, type RecentWrites } from '../ports';
import { countingReads } from '../testing/counting-reads';
import { storedEvent } from '../testing/store-contracts/stored-events';
import { AnalyticsReadService, type LinkOwner } from './analytics-read.service';
import { granularityOf, parseRange, previousRange } from './range-planner';
import { mergeSummaries } from './team-merge';

const [T1, T2, T3] = ['team-summary-1', 'team-summary-2', 'team-summary-3'];
/** each card holds a "Links" block, at an address of its own */
const OWNERS: Record<string, LinkOwner[]> = {
  [T1]: [{ id: 'b1', kind: 'block', label: 'Links', urls: ['https://github.com/t1'] }],
  [T2]: [
    { id: 'z9', kind: 'block', label: 'Links', urls: ['https://cal.example/t2'] },
    { id: 'website', kind: 'website', label: 'Website', urls: ['https://t2.example'] },
  ],
  [T3]: [],
};
const TEAM = [T1, T2, T3].map((profileId) => ({ profileId, linkOwners: OWNERS[profileId] ?? [] }));

/** 15:00 on the 10th: today is held up to 14:50, the events since are read apart */
const NOW = Date.parse('2026-03-10T15:00:00Z');
const clock = () => NOW;
/** starts inside the 4th; the period before starts inside 27 February and ends inside the 4th */
const DAILY = parseRange('2026-03-04T12:30:00Z', '2026-03-10T15:00:00Z');
const HOURLY = parseRange('2026-03-09T15:00:00Z', '2026-03-10T15:00:00Z');

/** an event; its visitor's id is per card and day, as the worker derives it */
function event(card: string, at: string, visitor: string, o: Partial<StoredEvent> = {}): StoredEvent {
  return storedEvent({ profile_id: card, at, visitor_id: `${card}/${at.slice(0, 10)}/${visitor}`, ...o });
}

const SEED: StoredEvent[] = [
  event(T1, '2026-02-27T11:00:00Z', 'a'),
  event(T1, '2026-03-01T10:00:00Z', 'a'),
  event(T1, '2026-03-04T11:00:00Z', 'a'),
  event(T1, '2026-03-04T13:00:00Z', 'a', { authenticated: 1 }),
  event(T1, '2026-03-04T13:05:00Z', 'a', { type: 'link_clicked', target: 'https://github.com/t1' }),
  event(T1, '2026-03-06T09:00:00Z', 'b', { country: 'DE', device: 'desktop' }),
  event(T1, '2026-03-06T09:10:00Z', 'b', { type: 'vcard_saved' }),
  event(T1, '2026-03-09T18:00:00Z', 'c'),
  event(T1, '2026-03-10T09:00:00Z', 'a'),
  event(T1, '2026-03-10T14:55:00Z', 'd'),
  event(T1, '2026-03-10T14:56:00Z', 'd', { type: 'message_sent' }),
  event(T2, '2026-02-28T10:00:00Z', 'a'),
  event(T2, '2026-03-04T12:30:00Z', 'a'),
  event(T2, '2026-03-05T08:00:00Z', 'b', {
    country: 'GB',
    device: 'tablet',
    referrer_host: 't.co',
    channel: 'qr',
  }),
  event(T2, '2026-03-05T08:01:00Z', 'b', { type: 'link_clicked', target: 'https://cal.example/t2/' }),
  event(T2, '2026-03-05T08:02:00Z', 'b', { type: 'link_clicked', target: 'https://T2.example' }),
  event(T2, '2026-03-09T16:00:00Z', 'c', { type: 'shared' }),
  // a visitor of today's held part and of the events since: one visitor
  event(T2, '2026-03-10T14:40:00Z', 'e'),
  event(T2, '2026-03-10T14:52:00Z', 'e'),
  // a card of no team here
  event('team-summary-other', '2026-03-06T09:00:00Z', 'a'),
];

describe("a team's summary over its cards, on chdb", () => {
  let dir: string;
  let store: ClickHouseAnalyticsStore & RecentWrites;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-team-summary-'));
    store = withWriteLog(
      ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dir, 'chdb') } }),
      new EmbeddedWriteLog(),
    );
    await store.migrate();
    await store.insertEvents('team-summary-seed', SEED);
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** the cards' own summaries, each read by the card's own path, merged */
  async function merged(range = DAILY, cards = TEAM) {
    const own = new AnalyticsReadService(store, store, undefined, clock);
    const frame = { range, before: previousRange(range), granularity: granularityOf(range) };
    const parts = [];
    for (const card of cards)
      parts.push({
        profileId: card.profileId,
        summary: await own.summary(card.profileId, range, card.linkOwners),
      });
    return mergeSummaries(frame, parts);
  }

  it("answers what merging the cards' own summaries answers, for a daily range", async () => {
    const team = await new AnalyticsReadService(store, store, undefined, clock).teamSummary(TEAM, DAILY);
    expect(team).toEqual(await merged());
    expect(team.summary).toMatchObject({
      totalVisits: 9,
      clicksByBlock: [
        { id: 'block:Links', kind: 'block', label: 'Links', clicks: 2 },
        { id: 'website:Website', kind: 'website', label: 'Website', clicks: 1 },
      ],
    });
    expect(team.cards).toEqual([
      { profileId: T1, visits: 5, uniqueVisitors: 5, saves: 1, messages: 1 },
      { profileId: T2, visits: 4, uniqueVisitors: 3, saves: 0, messages: 0 },
      { profileId: T3, visits: 0, uniqueVisitors: 0, saves: 0, messages: 0 },
    ]);
  });

  it("counts the links' distinct clickers and the series in the owner's zone as the cards' own summaries do", async () => {
    const service = new AnalyticsReadService(store, store, undefined, clock);
    const zone = { comparison: 'previous' as const, timeZone: 'Asia/Kolkata' };
    const team = await service.teamSummary(TEAM, DAILY, zone);
    const own = new AnalyticsReadService(store, store, undefined, clock);
    const series = new Map<string, number>();
    for (const card of TEAM) {
      const summary = await own.summary(card.profileId, DAILY, card.linkOwners, { timeZone: zone.timeZone });
      for (const point of summary.timeSeries.points)
        series.set(point.bucketUtc, (series.get(point.bucketUtc) ?? 0) + point.visits);
    }
    expect(team.summary.timeZone).toBe('Asia/Kolkata');
    // Kolkata's days start at 18:30 UTC: T1's 18:00 view of the 9th is the 9th's, as the cards say
    expect(team.summary.timeSeries.points.map((p) => [p.bucketUtc, p.visits])).toEqual([...series]);
    expect(team.summary.timeSeries.points[0]?.bucketUtc).toBe('2026-03-03T18:30:00.000Z');
    expect(team.summary.clicksByLink).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target: 'https://github.com/t1', clicks: 1, uniqueClicks: 1 }),
      ]),
    );
    expect(team.summary.clicksByBlock[0]).toMatchObject({ id: 'block:Links', clicks: 2, uniqueClicks: 2 });
  });

  it("answers what merging the cards' own summaries answers, for an hourly range", async () => {
    const service = new AnalyticsReadService(store, store, undefined, clock);
    expect(await service.teamSummary(TEAM, HOURLY)).toEqual(await merged(HOURLY));
  });

  it('reads the store once, then nothing while nothing is written, embedded', async () => {
    const counted = countingReads(store);
    const service = new AnalyticsReadService(counted.store, store, undefined, clock);
    const first = await service.teamSummary(TEAM, DAILY);
    // the whole days of both periods in one query; the days the periods start and end inside, and
    // today up to 14:50 and since, as the team's events
    expect(counted.reads).toMatchObject({ teamDailyFigures: 1, teamRawEvents: 4 });
    counted.reset();
    expect(await service.teamSummary(TEAM, DAILY)).toEqual(first);
    expect(counted.total()).toBe(0);
    // a range a moment later, and the cards asked in another order: the lines follow it
    const later = parseRange('2026-03-04T12:29:59Z', '2026-03-10T15:00:01Z');
    const reordered = [TEAM[2], TEAM[0], TEAM[1]] as typeof TEAM;
    const again = await service.teamSummary(reordered, later);
    expect(again.cards.map((row) => row.profileId)).toEqual([T3, T1, T2]);
    expect(again.summary.totalVisits).toBe(first.summary.totalVisits);
    // the links' clickers of the rest of the day the range now starts inside: from its held events
    expect(counted.total()).toBe(0);
    const fresh = new AnalyticsReadService(store, store, undefined, clock);
    expect(again).toEqual(await fresh.teamSummary(reordered, later));
    // a start after the 4th's click: its clicker is no longer in the range
    const afterClick = parseRange('2026-03-04T13:06:00Z', '2026-03-10T15:00:01Z');
    const moved = await service.teamSummary(TEAM, afterClick);
    expect(counted.total()).toBe(0);
    expect(
      moved.summary.clicksByLink.find((link) => link.target === 'https://github.com/t1'),
    ).toBeUndefined();
    expect(moved).toEqual(await fresh.teamSummary(TEAM, afterClick));
  });

  it('adds what the store wrote since to today without reading it, embedded; reads it in cluster mode', async () => {
    const embedded = countingReads(store);
    const cluster = countingReads(store);
    const services = [
      new AnalyticsReadService(embedded.store, store, undefined, clock),
      new AnalyticsReadService(cluster.store, NO_RECENT_WRITES, undefined, clock),
    ];
    for (const service of services) await service.teamSummary(TEAM, DAILY);
    embedded.reset();
    cluster.reset();
    // a batch of this process: its write log holds the rows
    await store.insertEvents(uuidv7(), [event(T3, '2026-03-10T14:58:00Z', 'a')]);
    const expected = await merged();
    expect(expected.cards[2]).toMatchObject({ profileId: T3, visits: 1, uniqueVisitors: 1 });
    for (const service of services) expect(await service.teamSummary(TEAM, DAILY)).toEqual(expected);
    // today's link clicks' distinct visitors are read again after a write of a card of the team
    expect(embedded.reads).toMatchObject({ teamLinkVisitors: 1 });
    expect(embedded.total()).toBe(1);
    expect(cluster.reads).toMatchObject({ teamRawEvents: 1, teamDailyFigures: 0, teamLinkVisitors: 1 });
  });

  it("counts views written after a read that saw only messages, as the cards' own summaries do", async () => {
    const [A, B] = ['team-summary-late-a', 'team-summary-late-b'];
    const cards = [A, B].map((profileId) => ({ profileId, linkOwners: [] }));
    const service = new AnalyticsReadService(store, store, undefined, clock);
    await store.insertEvents(uuidv7(), [
      event(A, '2026-03-10T14:56:00Z', 'm', { type: 'message_sent' }),
      event(B, '2026-03-10T14:56:01Z', 'n', { type: 'message_sent' }),
    ]);
    // today held and its events since kept, before the team's first view: the views' columns are new
    expect((await service.teamSummary(cards, DAILY)).summary.totalVisits).toBe(0);
    await store.insertEvents(uuidv7(), [
      event(A, '2026-03-10T14:57:00Z', 'v', { country: 'FR' }),
      event(A, '2026-03-10T14:57:01Z', 'v', { country: 'FR' }),
      event(B, '2026-03-10T14:57:02Z', 'w', { country: 'FR' }),
    ]);
    const team = await service.teamSummary(cards, DAILY);
    expect(team).toEqual(await merged(DAILY, cards));
    expect(team.summary.totalVisits).toBe(3);
    expect(team.cards).toEqual([
      { profileId: A, visits: 2, uniqueVisitors: 1, saves: 0, messages: 1 },
      { profileId: B, visits: 1, uniqueVisitors: 1, saves: 0, messages: 1 },
    ]);
  });

  it('leaves the parts of days too busy to hold to the store, and answers the same', async () => {
    const counted = countingReads(store);
    const service = new AnalyticsReadService(
      counted.store,
      store,
      { days: null, teams: { ttlMs: 600_000, maxEventsPerDay: 1, maxEvents: 100, maxNumbers: 100_000 } },
      clock,
    );
    expect(await service.teamSummary(TEAM, DAILY)).toEqual(await merged());
    counted.reset();
    await service.teamSummary(TEAM, DAILY);
    // the parts of days are counted by the store on every read; no day is read again to learn it is busy
    expect(counted.reads).toMatchObject({ teamDailyFigures: 1, teamRawEvents: 0 });
  });

  it('answers zeros for no cards, without a read', async () => {
    const counted = countingReads(store);
    const team = await new AnalyticsReadService(counted.store, store, undefined, clock).teamSummary(
      [],
      DAILY,
    );
    expect(team).toEqual(
      mergeSummaries({ range: DAILY, before: previousRange(DAILY), granularity: 'day' }, []),
    );
    expect(counted.total()).toBe(0);
  });

  it('lets the least recently read team go past the bounds, and reads it again', async () => {
    const counted = countingReads(store);
    // no room for any team's finished days: the last one read is kept all the same, the others go
    const teams = { ttlMs: 600_000, maxEventsPerDay: 10_000, maxEvents: 100_000, maxNumbers: 1 };
    const service = new AnalyticsReadService(counted.store, store, { days: null, teams }, clock);
    const other = TEAM.slice(0, 2);
    await service.teamSummary(TEAM, DAILY);
    await service.teamSummary(other, DAILY);
    counted.reset();
    await service.teamSummary(other, DAILY);
    expect(counted.reads.teamDailyFigures).toBe(0);
    await service.teamSummary(TEAM, DAILY);
    expect(counted.reads.teamDailyFigures).toBe(1);
  });

  it('reads a team again once one of its cards is forgotten', async () => {
    const counted = countingReads(store);
    const service = new AnalyticsReadService(counted.store, store, undefined, clock);
    await service.teamSummary(TEAM, DAILY);
    counted.reset();
    service.forget(T2);
    await service.teamSummary(TEAM, DAILY);
    expect(counted.reads).toMatchObject({ teamDailyFigures: 1 });
  });

  it('reads finished days again behind the reads once their time is up, answering meanwhile', async () => {
    let now = NOW;
    const counted = countingReads(store);
    const ttlMs = 60_000;
    const service = new AnalyticsReadService(
      counted.store,
      store,
      { days: null, teams: { ttlMs, maxEventsPerDay: 10_000, maxEvents: 100_000, maxNumbers: 1_000_000 } },
      () => now,
    );
    const first = await service.teamSummary(TEAM, DAILY);
    counted.reset();
    now += ttlMs + 1;
    expect(await service.teamSummary(TEAM, DAILY)).toEqual(first);
    // started, not waited for
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counted.reads.teamDailyFigures).toBe(1);
  });
});
