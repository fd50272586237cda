import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../../../infra/test/clickhouse-http-fixture';
import { SqliteQueueDatabase, SqliteSaltStore } from '../sqlite-queue';
import { EventEnricher } from '../../enrichment/enricher';
import { GeoLookup } from '../../enrichment/geo';
import { ownHostsOf } from '../../enrichment/referrer';
import { UserAgentParser } from '../../enrichment/user-agent';
import { VisitorHasher } from '../../enrichment/visitor-id';
import type { AnalyticsEvent, StoredEvent } from '../../events';
import { BatchProcessor } from '../../ingest/batch-processor';
import type { DayFigures } from '../../ports';
import { AnalyticsReadService, parseRange } from '../../read/analytics-read.service';
import { DayFiguresCache } from '../../read/day-cache';
import { EdgeDaysCache, TOO_MANY_EVENTS } from '../../read/edge-days-cache';
import { BusyDay } from '../../read/busy-days';
import { IPS, USER_AGENTS, sampleEvent } from '../../testing/sample-events';
import { countingReads, type CountedReads } from '../../testing/counting-reads';
import { v7 as uuidv7 } from 'uuid';
import { EmbeddedWriteLog } from '../write-log/embedded-write-log';
import { withWriteLog, withoutWriteLog } from '../write-log/write-logging-store';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store';
import { DEFAULT_MIGRATIONS_DIR, readMigrations, runMigrations } from './migrations';

const P = 'profile-p';
const Q = 'profile-q';
/** a profile whose events were stored before the later migrations */
const OLD = 'profile-old';
const at = (iso: string) => new Date(iso).toISOString();

/** known events: every figure below is counted by hand from this list (one visitor: one address and browser) */
function seed(): AnalyticsEvent[] {
  const e = (o: Partial<AnalyticsEvent>) => sampleEvent({ profileId: P, ...o });
  return [
    e({
      ts: at('2026-03-01T10:15:00Z'),
      userId: 'user-1',
      userAgent: USER_AGENTS.iphone,
      ip: IPS.us,
      referrer: 'https://www.linkedin.com/feed/',
    }),
    e({
      ts: at('2026-03-01T10:45:00Z'),
      userAgent: USER_AGENTS.iphone,
      ip: IPS.us,
    }),
    e({
      ts: at('2026-03-01T12:00:00Z'),
      // signed in on a card that does not name its visitors: counted, not identified
      authenticated: true,
      userAgent: USER_AGENTS.ipad,
      ip: IPS.gbBracknell,
      referrer: 'https://cardcraft.test/u/someone',
    }),
    e({
      ts: at('2026-03-02T08:30:00Z'),
      userId: 'user-2',
      userAgent: USER_AGENTS.windowsChrome,
      ip: IPS.deNuremberg,
      referrer: 'https://t.co/abc',
      utmSource: 'twitter',
      utmMedium: 'social',
      utmCampaign: 'spring',
    }),
    e({
      ts: at('2026-03-02T09:00:00Z'),
      userAgent: USER_AGENTS.macFirefox,
      ip: IPS.brPortoAlegre,
      collectGeo: false,
      collectIp: false,
    }),
    e({ ts: at('2026-03-01T10:20:00Z'), type: 'vcard_saved' }),
    e({ ts: at('2026-03-01T10:21:00Z'), type: 'link_clicked', target: 'https://github.com/someone' }),
    e({ ts: at('2026-03-02T08:31:00Z'), type: 'link_clicked', target: 'https://example.com' }),
    e({ ts: at('2026-03-02T08:40:00Z'), type: 'message_sent' }),
    // outside the range, and another profile: must not be counted
    e({ ts: at('2026-02-28T23:59:59.999Z') }),
    e({ ts: at('2026-03-03T00:00:00.001Z') }),
    sampleEvent({ profileId: Q, ts: at('2026-03-01T11:00:00Z') }),
  ];
}

const RANGE = parseRange('2026-03-01T00:00:00Z', '2026-03-03T00:00:00Z');

type Transport = 'chdb' | 'http';

/** the store as a process wires it: embedded, its writes recorded in the write log */
function asProcessStore(repository: ClickHouseAnalyticsStore, transport: Transport) {
  return transport === 'chdb'
    ? withWriteLog(repository, new EmbeddedWriteLog())
    : withoutWriteLog(repository);
}
type ProcessStore = ReturnType<typeof asProcessStore>;

/** inserts that can be held before they reach the store, to read while a write runs */
function holdableInserts(repository: ClickHouseAnalyticsStore) {
  let gate: Promise<void> | null = null;
  const store = Object.assign(Object.create(repository) as ClickHouseAnalyticsStore, {
    insertEvents: async (...args: Parameters<ClickHouseAnalyticsStore['insertEvents']>) => {
      const held = gate;
      gate = null;
      if (held) await held;
      return repository.insertEvents(...args);
    },
  });
  /** holds the next insert until the returned function is called */
  const hold = () => {
    let release = () => undefined as void;
    gate = new Promise<void>((resolve) => (release = resolve));
    return release;
  };
  return { store, hold };
}

describe.each<Transport>(['chdb', 'http'])('ClickHouse analytics store over %s', (transport) => {
  let dir: string;
  let fixture: ClickHouseHttpFixture | null = null;
  let repository: ClickHouseAnalyticsStore;
  /** the store as the process uses it (through the write log where there is one), its reads counted */
  let store: ProcessStore;
  let counted: CountedReads<ProcessStore>;
  let holdInsert: () => () => void;
  let sqlite: SqliteQueueDatabase;
  let processor: BatchProcessor;
  let enricher: EventEnricher;
  let reader: AnalyticsReadService;
  let seeded: AnalyticsEvent[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `cardcraft-ch-${transport}-`));
    if (transport === 'http') {
      fixture = await startClickHouseHttpFixture({ dir: join(dir, 'server') });
      repository = ClickHouseAnalyticsStore.open({ transport: { kind: 'http', url: fixture.url } });
    } else {
      repository = ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dir, 'chdb') } });
    }
    const holdable = holdableInserts(repository);
    holdInsert = holdable.hold;
    store = asProcessStore(holdable.store, transport);
    counted = countingReads(store);
    // first the schema as it was before signed-in visits had a column of their own, with two rows
    // stored then (one signed in, one not); then every later migration
    const firstOnly = join(dir, 'migrations-001');
    mkdirSync(firstOnly);
    copyFileSync(join(DEFAULT_MIGRATIONS_DIR, '001-events.sql'), join(firstOnly, '001-events.sql'));
    await runMigrations(store.client, firstOnly);
    sqlite = new SqliteQueueDatabase(':memory:');
    enricher = new EventEnricher(
      await GeoLookup.open(),
      new UserAgentParser(),
      new VisitorHasher(new SqliteSaltStore(sqlite), () => new Date('2026-03-02T12:00:00Z')),
      ownHostsOf(['https://cardcraft.test']),
    );
    const before = await enricher.enrich('old-batch', [
      sampleEvent({ profileId: OLD, ts: at('2026-03-01T09:00:00Z'), userId: 'user-old' }),
      sampleEvent({ profileId: OLD, ts: at('2026-03-01T09:30:00Z') }),
    ]);
    await store.client.insert({
      table: 'events',
      values: before.map(({ authenticated: _dropped, ...row }) => row),
      format: 'JSONEachRow',
    });
    await store.migrate();
    processor = new BatchProcessor(enricher, store);
    reader = new AnalyticsReadService(store, store);
    seeded = seed();
    await processor.process({ id: 'seed-batch-1', events: seeded.slice(0, 6) });
    await processor.process({ id: 'seed-batch-2', events: seeded.slice(6) });
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    sqlite?.close();
    await fixture?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies every migration once and records it', async () => {
    const result = await store.client.query({
      query: 'SELECT version, name FROM schema_migrations FINAL ORDER BY version',
      format: 'JSONEachRow',
    });
    const rows = await result.json<{ version: number; name: string }>();
    expect(rows.map((r) => Number(r.version))).toEqual(readMigrations().map((m) => m.version));
    await store.migrate();
    const again = await store.client.query({
      query: 'SELECT count() AS n FROM schema_migrations',
      format: 'JSONEachRow',
    });
    expect(Number((await again.json<{ n: string }>())[0].n)).toBe(rows.length);
  });

  it('counts a visit stored before the authenticated column as signed in by its user id', async () => {
    const summary = await reader.summary(OLD, RANGE);
    expect(summary).toMatchObject({ totalVisits: 2, authenticatedVisits: 1, guestVisits: 1 });
    const visits = await reader.visits(OLD, RANGE, 10, null);
    expect(visits.rows.map((r) => [r.userId, r.authenticated])).toEqual([
      [null, false],
      ['user-old', true],
    ]);
  });

  it('stores a retried batch once (same deduplication token)', async () => {
    const before = await reader.summary(P, RANGE);
    await processor.process({ id: 'seed-batch-1', events: seeded.slice(0, 6) });
    await processor.process({ id: 'seed-batch-1', events: seeded.slice(0, 6) });
    const after = await reader.summary(P, RANGE);
    expect(after.totalVisits).toBe(before.totalVisits);
    expect(after.engagement).toEqual(before.engagement);
  });

  it('answers every figure of the summary from the seeded events', async () => {
    const summary = await reader.summary(P, RANGE);
    expect(summary).toMatchObject({
      totalVisits: 5,
      uniqueVisitors: 4,
      authenticatedVisits: 3,
      guestVisits: 2,
      visitsByCountry: { US: 2, GB: 1, DE: 1 },
      visitsByDevice: { mobile: 2, tablet: 1, desktop: 2 },
      visitsByReferrer: { 'linkedin.com': 1, Direct: 3, 't.co': 1 },
      engagement: { vcard_saved: 1, link_clicked: 2, message_sent: 1 },
    });
    expect(Object.keys(summary.visitsByCountry)).toHaveLength(3);
    expect(summary.timeSeries.granularity).toBe('hour');
    expect(summary.timeSeries.points).toHaveLength(49);
    const nonZero = summary.timeSeries.points.filter((p) => p.visits > 0);
    expect(nonZero).toEqual([
      { bucketUtc: '2026-03-01T10:00:00.000Z', visits: 2, uniqueVisitors: 1 },
      { bucketUtc: '2026-03-01T12:00:00.000Z', visits: 1, uniqueVisitors: 1 },
      { bucketUtc: '2026-03-02T08:00:00.000Z', visits: 1, uniqueVisitors: 1 },
      { bucketUtc: '2026-03-02T09:00:00.000Z', visits: 1, uniqueVisitors: 1 },
    ]);
  });

  it('answers the insights from the seeded events: funnel, channels, links, the period before', async () => {
    const summary = await reader.summary(P, RANGE, [
      { id: 'block-1', kind: 'block', label: 'Projects', urls: ['https://github.com/someone/'] },
      { id: 'website', kind: 'website', label: 'Website', urls: ['https://EXAMPLE.com'] },
      { id: 'block-2', kind: 'block', label: 'Never clicked', urls: ['https://nowhere.example'] },
    ]);
    // visitors are one address and browser a day: the views have 4, the engagement came from the
    // default browser in the US, once on the 1st (save, click) and once on the 2nd (click, message)
    expect(summary.funnel).toEqual([
      { step: 'viewed', visitors: 4, shareOfViewers: 1 },
      { step: 'saved_or_shared', visitors: 1, shareOfViewers: 0.25 },
      { step: 'clicked', visitors: 2, shareOfViewers: 0.5 },
      { step: 'messaged', visitors: 1, shareOfViewers: 0.25 },
    ]);
    expect(summary.visitsByChannel).toEqual({ referral: 1, direct: 3, campaign: 1 });
    // each link clicked once by one visitor, of 5 views
    const clicked = { clicks: 1, uniqueClicks: 1, clickRate: 0.2 };
    expect(summary.clicksByLink).toEqual([
      { target: 'https://example.com', ...clicked },
      { target: 'https://github.com/someone', ...clicked },
    ]);
    expect(summary.clicksByBlock).toEqual([
      { id: 'block-1', kind: 'block', label: 'Projects', ...clicked },
      { id: 'website', kind: 'website', label: 'Website', ...clicked },
    ]);
    // the two days before: only the view at 23:59:59.999 on the 28th
    expect(summary.comparison).toEqual({
      kind: 'previous',
      previous: {
        fromUtc: '2026-02-26T23:59:59.999Z',
        toUtc: '2026-02-28T23:59:59.999Z',
        visits: 1,
        uniqueVisitors: 1,
        saves: 0,
        messages: 0,
      },
      changePercent: { visits: 400, uniqueVisitors: 300, saves: null, messages: null },
    });
    expect(summary.uniqueVisitorsAccuracy).toEqual({ exact: true, exactBelow: 4000, standardError: 0.003 });
  });

  it('counts a range whose bounds fall inside hours exactly: whole hours from rollups, the edges raw', async () => {
    const summary = await reader.summary(P, parseRange('2026-03-01T10:30:00Z', '2026-03-02T08:35:00Z'));
    expect(summary).toMatchObject({
      totalVisits: 3,
      uniqueVisitors: 3,
      engagement: { link_clicked: 1 },
      visitsByCountry: { US: 1, GB: 1, DE: 1 },
    });
    const within = await reader.summary(P, parseRange('2026-03-01T10:16:00Z', '2026-03-01T10:50:00Z'));
    expect(within).toMatchObject({ totalVisits: 1, engagement: { vcard_saved: 1, link_clicked: 1 } });
  });

  it('keeps hourly rollups that agree with the raw events, including the rows stored before them', async () => {
    const result = await store.client.query({
      query: `SELECT profile_id, toString(type) AS type, sum(events) AS n FROM events_hourly
              WHERE profile_id IN ({p:String}, {old:String}) GROUP BY profile_id, type ORDER BY profile_id, type`,
      query_params: { p: P, old: OLD },
      format: 'JSONEachRow',
    });
    expect(
      (await result.json<{ profile_id: string; type: string; n: string }>()).map((r) => [
        r.profile_id,
        r.type,
        Number(r.n),
      ]),
    ).toEqual([
      [OLD, 'view', 2],
      [P, 'link_clicked', 2],
      [P, 'message_sent', 1],
      [P, 'vcard_saved', 1],
      [P, 'view', 7],
    ]);
  });

  it('breaks down the views stored before the later migrations by every dimension, each once', async () => {
    const result = await store.client.query({
      query: `SELECT toString(dimension) AS dimension, sum(events) AS n FROM breakdown_hourly
              WHERE profile_id = {old:String} GROUP BY dimension ORDER BY dimension`,
      query_params: { old: OLD },
      format: 'JSONEachRow',
    });
    const rows = await result.json<{ dimension: string; n: string }>();
    // 004 backfilled the first four dimensions, 005 only the ones it added: two views in each
    expect(rows.map((r) => [r.dimension, Number(r.n)])).toEqual(
      [
        'browser',
        'channel',
        'city',
        'country',
        'device',
        'referrer_host',
        'utm_campaign',
        'utm_medium',
        'utm_source',
      ].map((dimension) => [dimension, 2]),
    );
  });

  it('counts the visitors of the last five minutes', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    await processor.process({
      id: 'live-batch',
      events: [
        sampleEvent({ profileId: 'profile-live', ts: ago(60_000), ip: IPS.us }),
        sampleEvent({ profileId: 'profile-live', ts: ago(120_000), ip: IPS.us }),
        sampleEvent({ profileId: 'profile-live', ts: ago(30_000), ip: IPS.gbBracknell }),
        sampleEvent({ profileId: 'profile-live', ts: ago(30_000), type: 'shared' }),
        sampleEvent({ profileId: 'profile-live', ts: ago(6 * 60_000), ip: IPS.deNuremberg }),
      ],
    });
    expect(await reader.live('profile-live', now)).toEqual({
      windowSeconds: 300,
      visits: 3,
      visitors: 2,
      asOfUtc: now.toISOString(),
    });
    expect((await reader.live('profile-nobody', now)).visits).toBe(0);
  });

  it('uses daily buckets beyond two days', async () => {
    const summary = await reader.summary(P, parseRange('2026-02-25T00:00:00Z', '2026-03-05T00:00:00Z'));
    expect(summary.timeSeries.granularity).toBe('day');
    expect(summary.totalVisits).toBe(7);
    const days = Object.fromEntries(
      summary.timeSeries.points.map((p) => [p.bucketUtc.slice(0, 10), p.visits]),
    );
    expect(days).toMatchObject({
      '2026-02-28': 1,
      '2026-03-01': 3,
      '2026-03-02': 2,
      '2026-03-03': 1,
      '2026-03-04': 0,
    });
  });

  it('adds up finished days for a daily range, the same figures from the cache on the next read', async () => {
    const week = parseRange('2026-02-25T00:00:00Z', '2026-03-05T00:00:00Z');
    const cache = new DayFiguresCache();
    const edges = new EdgeDaysCache();
    const daily = new AnalyticsReadService(counted.store, counted.store, { days: cache, edges });
    counted.reset();
    const first = await daily.summary(P, week);
    expect(first).toMatchObject({
      totalVisits: 7,
      // a visitor id is per card and UTC day: the 28th (one), the 1st (two: the iPhone came twice),
      // the 2nd (two), the 3rd (one)
      uniqueVisitors: 6,
      engagement: { vcard_saved: 1, link_clicked: 2, message_sent: 1 },
      visitsByCountry: { US: 4, GB: 1, DE: 1 },
      visitsByChannel: { referral: 1, direct: 5, campaign: 1 },
    });
    expect(first.funnel.map((step) => step.visitors)).toEqual([6, 1, 2, 1]);
    expect(cache.get(P, '2026-03-01')?.stepVisitors.viewed).toBe(2);
    // the partial days (the range's last millisecond, the first one of the period before) are
    // finished days: their events were loaded once, into the edge cache, and the store merged the
    // whole days between them per day, in one read each
    expect(counted.reads).toMatchObject({ rawEvents: 1, dailyFigures: 1 });
    expect(edges.get(P, '2026-03-05')).toBeDefined();
    expect(edges.get(P, '2026-02-16')).toBeDefined();
    expect(cache.get(P, '2026-02-17')).toBeDefined();
    expect(cache.get(P, '2026-03-04')).toBeDefined();
    counted.reset();
    // the next read asks the store nothing
    expect(await daily.summary(P, week)).toEqual(first);
    expect(counted.total()).toBe(0);
  });

  it('counts a range that starts and ends inside finished days exactly as the store does', async () => {
    const uncached = new AnalyticsReadService(store, store, { days: null });
    const cached = new AnalyticsReadService(store, store, {
      days: new DayFiguresCache(),
      edges: new EdgeDaysCache(),
    });
    // bounds inside the busy hours of the 1st and the 3rd, and the period before cut inside the 26th
    for (const [from, to] of [
      ['2026-03-01T10:30:00Z', '2026-03-03T23:00:00Z'],
      ['2026-02-26T10:44:59.999Z', '2026-03-02T08:30:00Z'],
      ['2026-02-27T00:00:00Z', '2026-03-01T10:45:00Z'],
    ] as const) {
      const range = parseRange(from, to);
      const expected = await uncached.summary(P, range);
      expect(await cached.summary(P, range)).toEqual(expected);
      // and again, from the caches
      expect(await cached.summary(P, range)).toEqual(expected);
    }
  });

  it('counts today from the hours it holds and the events since, a visitor of both once', async () => {
    const T = 'profile-today';
    // "now" is 12:34:56.789 on the 4th: the day up to 12:30 is held, the events since are read
    const now = Date.parse('2026-03-04T12:34:56.789Z');
    const ev = (ts: string, o: Partial<AnalyticsEvent> = {}) =>
      sampleEvent({ profileId: T, ts: at(`2026-03-04T${ts}Z`), ...o });
    await processor.process({
      id: 'today-batch',
      events: [
        ev('09:10:00', { ip: IPS.us }),
        ev('11:20:00', { ip: IPS.gbBracknell, type: 'vcard_saved' }),
        ev('11:59:59.999', { ip: IPS.gbBracknell }),
        ev('12:10:00', { ip: IPS.deNuremberg, type: 'link_clicked', target: 'https://github.com/someone' }),
        ev('12:29:59.999', { ip: IPS.deNuremberg, type: 'vcard_saved' }),
        // a visitor of the held part and of the events since
        ev('12:31:00', { ip: IPS.us }),
        ev('12:34:56.789', { ip: IPS.deNuremberg }),
        ev('12:40:00', { ip: IPS.brPortoAlegre }),
        sampleEvent({ profileId: T, ts: at('2026-03-01T10:00:00Z') }),
      ],
    });
    const range = parseRange('2026-02-25T08:00:00Z', new Date(now).toISOString());
    const expected = await new AnalyticsReadService(store, store, { days: null }, () => now).summary(
      T,
      range,
    );
    expect(expected).toMatchObject({ totalVisits: 5, uniqueVisitors: 4, engagement: { vcard_saved: 2 } });
    const edges = new EdgeDaysCache();
    const cached = new AnalyticsReadService(
      counted.store,
      counted.store,
      { days: new DayFiguresCache(), edges },
      () => now,
    );
    expect(await cached.summary(T, range)).toEqual(expected);
    counted.reset();
    expect(await cached.summary(T, range)).toEqual(expected);
    // warm: only the events since the held hours (one read of raw events); over chdb, which this
    // process alone writes, not even those while nothing new is stored for the card
    expect(counted.reads).toMatchObject({ rawEvents: transport === 'chdb' ? 0 : 1, dailyFigures: 0 });
    // a view stored since is read, on both
    await processor.process({ id: 'today-batch-2', events: [ev('12:33:00', { ip: IPS.gbBracknell })] });
    const after = await new AnalyticsReadService(store, store, { days: null }, () => now).summary(T, range);
    expect(after).toMatchObject({ totalVisits: 6, uniqueVisitors: 4 });
    counted.reset();
    expect(await cached.summary(T, range)).toEqual(after);
    expect(counted.reads).toMatchObject({ rawEvents: 1, dailyFigures: 0 });
  });

  it('counts busy days from their outlines as the store counts the range', async () => {
    const uncached = new AnalyticsReadService(store, store, { days: null });
    // a day past the cap is outlined; its hours past it too are left to the store
    let outlined = 0;
    for (const maxEventsPerDay of [1, 2, 3]) {
      const edges = new EdgeDaysCache({ ttlMs: 60_000, maxEventsPerDay, maxEvents: 100 });
      const cached = new AnalyticsReadService(store, store, { days: new DayFiguresCache(), edges });
      for (const [from, to] of [
        ['2026-03-01T10:30:00Z', '2026-03-03T23:00:00Z'],
        ['2026-02-26T10:44:59.999Z', '2026-03-02T08:30:00Z'],
        ['2026-02-27T00:00:00Z', '2026-03-01T10:45:00Z'],
      ] as const) {
        const range = parseRange(from, to);
        const expected = await uncached.summary(P, range);
        expect(await cached.summary(P, range)).toEqual(expected);
        expect(await cached.summary(P, range)).toEqual(expected);
        for (const day of ['2026-02-26', '2026-03-01', '2026-03-02', '2026-03-03'])
          if (edges.get(P, day) instanceof BusyDay) outlined++;
      }
    }
    expect(outlined).toBeGreaterThan(0);
  });

  it('lets the store count a finished day with more events than the edge cache holds', async () => {
    const edges = new EdgeDaysCache({ ttlMs: 60_000, maxEventsPerDay: 1, maxEvents: 100 });
    const cached = new AnalyticsReadService(store, store, { days: new DayFiguresCache(), edges });
    const range = parseRange('2026-03-01T10:30:00Z', '2026-03-04T12:00:00Z');
    const expected = await new AnalyticsReadService(store, store, { days: null }).summary(P, range);
    expect(await cached.summary(P, range)).toEqual(expected);
    expect(edges.get(P, '2026-03-01')).toBe(TOO_MANY_EVENTS);
    expect(await cached.summary(P, range)).toEqual(expected);
  });

  it('lists visits newest first with every field, page by page', async () => {
    const views = seeded.filter((e) => e.profileId === P && e.type === 'view').slice(0, 5);
    const first = await reader.visits(P, RANGE, 2, null);
    expect(first.rows.map((r) => r.id)).toEqual([views[4].id, views[3].id]);
    expect(first.rows[0]).toEqual({
      id: views[4].id,
      ts: new Date('2026-03-02T09:00:00Z'),
      userId: null,
      authenticated: false,
      city: null,
      country: null,
      device: 'desktop',
      referrerHost: null,
    });
    expect(first.rows[1]).toEqual({
      id: views[3].id,
      ts: new Date('2026-03-02T08:30:00Z'),
      userId: 'user-2',
      authenticated: true,
      city: 'Nuremberg',
      country: 'DE',
      device: 'desktop',
      referrerHost: 't.co',
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await reader.visits(P, RANGE, 2, first.nextCursor);
    expect(second.rows.map((r) => r.id)).toEqual([views[2].id, views[1].id]);
    expect(second.rows[0]).toMatchObject({
      userId: null,
      authenticated: true,
      city: 'Bracknell',
      country: 'GB',
      device: 'tablet',
      referrerHost: null,
    });
    const third = await reader.visits(P, RANGE, 2, second.nextCursor);
    expect(third.rows.map((r) => r.id)).toEqual([views[0].id]);
    expect(third.rows[0]).toMatchObject({
      userId: 'user-1',
      authenticated: true,
      country: 'US',
      device: 'mobile',
      referrerHost: 'linkedin.com',
    });
    expect(third.nextCursor).toBeNull();
  });

  it('reads the pages and latest events of cards asked at once in few queries, each as it reads alone', async () => {
    const cards = ['group-a', 'group-b', 'group-c', 'group-d'];
    // card i has 3 + i views on the 5th, a minute apart, and one more event on the 4th
    await processor.process({
      id: 'group-batch',
      events: cards.flatMap((card, i) => [
        ...Array.from({ length: 3 + i }, (_, k) =>
          sampleEvent({ profileId: card, ts: at(`2026-03-05T10:0${k}:00Z`), ip: IPS.us }),
        ),
        sampleEvent({ profileId: card, ts: at('2026-03-04T18:00:00Z'), type: 'vcard_saved' }),
      ]),
    });
    const day = parseRange('2026-03-05T00:00:00Z', '2026-03-05T23:59:59.999Z');
    const twoDays = parseRange('2026-03-04T00:00:00Z', '2026-03-05T23:59:59.999Z');
    const first = await store.visits('group-a', day, 2, null);
    const after = { ts: first[1]!.ts, id: first[1]!.id };
    const visitReads: Array<Parameters<ClickHouseAnalyticsStore['visits']>> = [
      ['group-a', day, 2, null],
      ['group-b', day, 3, null],
      ['group-c', day, 10, null],
      // the next page of a: a cursor within a group
      ['group-a', day, 2, after],
      ['group-d', twoDays, 4, null],
    ];
    const rawReads: Array<Parameters<ClickHouseAnalyticsStore['rawEvents']>> = [
      ['group-a', [day], 100],
      // cut at limit + 1, whatever the others asked for
      ['group-b', [day], 1],
      ['group-c', [parseRange('2026-03-04T00:00:00Z', '2026-03-04T23:59:59.999Z'), day], 100],
      ['group-d', [parseRange('2026-03-05T10:01:00Z', '2026-03-05T10:02:30Z')], 100],
    ];
    const dailyReads: Array<Parameters<ClickHouseAnalyticsStore['dailyFigures']>> = [
      ['group-a', [day]],
      // a segment that starts inside an hour: its edges from the raw events
      ['group-b', [parseRange('2026-03-04T00:00:00Z', '2026-03-04T23:59:59.999Z'), day]],
      ['group-c', [parseRange('2026-03-05T10:00:30Z', '2026-03-05T23:59:59.999Z')]],
      ['group-d', [twoDays]],
    ];
    const visitsAlone = [];
    for (const read of visitReads) visitsAlone.push(await store.visits(...read));
    const dailyAlone = [];
    for (const read of dailyReads) dailyAlone.push(await store.dailyFigures(...read));
    /** per segment, then per day, in order: what `pick` makes of each day's figures */
    const perDay =
      <T>(pick: (day: DayFigures) => T) =>
      (figures: Map<number, Map<string, DayFigures>>) =>
        [...figures]
          .sort(([a], [b]) => a - b)
          .map(([segment, days]) => [
            segment,
            [...days].sort(([a], [b]) => a.localeCompare(b)).map(([date, day]) => [date, pick(day)]),
          ]);
    const viewsOf = perDay((day) => day.byType.find((row) => row.type === 'view')?.events ?? 0);
    expect(dailyAlone.map(viewsOf)).toEqual([
      [[0, [['2026-03-05', 3]]]],
      [
        [0, [['2026-03-04', 0]]],
        [1, [['2026-03-05', 4]]],
      ],
      [[0, [['2026-03-05', 4]]]],
      [
        [
          0,
          [
            ['2026-03-04', 0],
            ['2026-03-05', 6],
          ],
        ],
      ],
    ]);
    const rawAlone = [];
    for (const read of rawReads) rawAlone.push(await store.rawEvents(...read));
    expect(visitsAlone.map((page) => page.length)).toEqual([2, 3, 5, 1, 4]);
    expect(rawAlone.map((ranges) => ranges.map((rows) => rows.length))).toEqual([[3], [2], [1, 5], [2]]);

    const query = jest.spyOn(store.client, 'query');
    try {
      expect(await Promise.all(visitReads.map((read) => store.visits(...read)))).toEqual(visitsAlone);
      expect(await Promise.all(rawReads.map((read) => store.rawEvents(...read)))).toEqual(rawAlone);
      // the same figures, in whatever order the rows came
      const sorted = perDay((day) => [
        day.stepVisitors,
        [...day.byType].sort((a, b) => a.type.localeCompare(b.type)),
        [...day.breakdowns].sort((a, b) =>
          `${a.dimension} ${a.value}`.localeCompare(`${b.dimension} ${b.value}`),
        ),
      ]);
      const dailyTogether = await Promise.all(dailyReads.map((read) => store.dailyFigures(...read)));
      expect(dailyTogether.map(sorted)).toEqual(dailyAlone.map(sorted));
      // over chdb one group reads at a time: the first request alone, all that queued behind it in
      // one query (the two-day range by the day before its end, which fills its page), for the visits,
      // for the raw events and for the daily figures alike. over http four groups read at once, so
      // these few go alone
      if (transport === 'chdb') expect(query).toHaveBeenCalledTimes(2 + 2 + 2);

      // one request's bad value fails that request only
      query.mockClear();
      const answers = await Promise.allSettled([
        store.visits('group-b', day, 3, null),
        store.visits('group-c', day, 10, { ts: after.ts, id: 'not-a-uuid' }),
        store.visits('group-a', day, 2, null),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(answers[0]).toEqual({ status: 'fulfilled', value: visitsAlone[1] });
      expect(answers[2]).toEqual({ status: 'fulfilled', value: visitsAlone[0] });
    } finally {
      query.mockRestore();
    }
  });

  it('reads a page near where the last one reached first, and the whole range when that falls short', async () => {
    const card = 'page-reach';
    const times = ['2026-03-01T08:00:00Z', '2026-03-01T09:00:00Z', '2026-03-05T10:00:00Z'];
    for (let s = 0; s < 4; s++) times.push(`2026-03-05T10:00:0${s + 1}Z`);
    await processor.process({
      id: 'page-reach-batch',
      events: times.map((ts) => sampleEvent({ profileId: card, ts: at(ts) })),
    });
    const range = parseRange('2026-02-20T00:00:00Z', '2026-03-06T00:00:00Z');
    const query = jest.spyOn(store.client, 'query');
    try {
      const pages: string[][] = [];
      const calls: number[] = [];
      let after = null;
      do {
        query.mockClear();
        const page = await store.visits(card, range, 2, after);
        pages.push(page.map((row) => row.ts.toISOString()));
        calls.push(query.mock.calls.length);
        const last = page[page.length - 1];
        after = page.length === 2 && last ? { ts: last.ts, id: last.id } : null;
      } while (after);
      expect(pages.flat()).toEqual(times.map((ts) => new Date(ts).toISOString()).reverse());
      // first the day before the range's end; then a minute before the cursor (the last page reached
      // back one second); the page across the gap of four days is found in the whole range, and so is
      // the last one, which is short
      expect(calls).toEqual([1, 1, 2, 2]);
    } finally {
      query.mockRestore();
    }
  });

  it('adds the views it stores since to the latest events it read, and reads the store where it cannot tell', async () => {
    const card = 'live-card';
    const now = Date.parse('2026-03-06T12:34:56.789Z');
    const ev = (ts: string, ip: string) => sampleEvent({ profileId: card, ts: at(`2026-03-06T${ts}Z`), ip });
    const range = parseRange('2026-03-01T08:00:00Z', new Date(now).toISOString());
    const truth = () =>
      new AnalyticsReadService(store, store, { days: null }, () => now).summary(card, range);
    const cached = new AnalyticsReadService(
      counted.store,
      counted.store,
      { days: new DayFiguresCache(), edges: new EdgeDaysCache() },
      () => now,
    );
    await processor.process({
      id: uuidv7(),
      events: [ev('12:31:00', IPS.us), ev('12:32:00', IPS.deNuremberg)],
    });
    expect(await cached.summary(card, range)).toEqual(await truth());
    counted.reset();
    {
      // a batch of this process: its rows are added (a visitor seen before, one new), nothing is read
      const batch = { id: uuidv7(), events: [ev('12:33:00', IPS.us), ev('12:33:30', IPS.brPortoAlegre)] };
      await processor.process(batch);
      expect(await cached.summary(card, range)).toEqual(await truth());
      expect(await cached.summary(card, range)).toMatchObject({ totalVisits: 4, uniqueVisitors: 3 });
      // the same batch stored again (a retry after a stored try): the store counts it once, and so does the summary
      await processor.process(batch);
      expect(await cached.summary(card, range)).toMatchObject({ totalVisits: 4, uniqueVisitors: 3 });
      const reads = transport === 'chdb' ? 0 : 3;
      expect(counted.reads.rawEvents).toBe(reads);
      // a batch made before the store opened (the process before may have stored it): read again
      await processor.process({
        id: 'made-by-the-process-before',
        events: [ev('12:34:00', IPS.gbBracknell)],
      });
      expect(await cached.summary(card, range)).toEqual(await truth());
      expect(await cached.summary(card, range)).toMatchObject({ totalVisits: 5, uniqueVisitors: 4 });
      expect(counted.reads.rawEvents).toBe(reads + (transport === 'chdb' ? 1 : 2));
    }
  });

  it('serves the first page of visits again from what it read until a view is stored for the card', async () => {
    const card = 'newest-page';
    const view = (ts: string) => sampleEvent({ profileId: card, ts: at(`2026-03-05T${ts}Z`) });
    await processor.process({
      id: 'newest-1',
      events: [view('09:00:00'), view('09:10:00'), view('09:20:00')],
    });
    const page = new AnalyticsReadService(counted.store, counted.store);
    const range = (from: string, to: string) => parseRange(`2026-03-05T${from}Z`, `2026-03-05T${to}Z`);
    const truth = async (r: ReturnType<typeof range>) => (await store.visits(card, r, 3, null)).slice(0, 2);
    {
      const first = await page.visits(card, range('00:00:00', '23:00:00'), 2, null);
      expect(first.rows).toEqual(await truth(range('00:00:00', '23:00:00')));
      // ranges within the one read, before anything new is stored: over chdb nothing is read again
      // (a later start, an earlier end that still fills the page), except where what was read may
      // not hold the range's oldest views; over http (other processes write) every time
      for (const [from, to, chdbReads] of [
        ['09:05:00', '23:30:00', 0],
        ['00:00:00', '09:25:00', 0],
        ['09:15:00', '09:30:00', 0],
        ['00:00:00', '09:15:00', 2],
      ] as const) {
        const expected = await truth(range(from, to));
        counted.reset();
        expect((await page.visits(card, range(from, to), 2, null)).rows).toEqual(expected);
        expect(counted.reads.visits).toBe(transport === 'chdb' ? chdbReads : 1);
      }
      // a view stored since is on the next first page, on both
      await processor.process({ id: 'newest-2', events: [view('09:30:00')] });
      counted.reset();
      const next = await page.visits(card, range('00:00:00', '23:00:00'), 2, null);
      expect(counted.reads.visits).toBeGreaterThan(0);
      expect(next.rows.map((row) => row.ts.toISOString())).toEqual([
        '2026-03-05T09:30:00.000Z',
        '2026-03-05T09:20:00.000Z',
      ]);
    }
  });

  it('adds the views it stores since to the first page of visits it read, and reads the store where it cannot tell', async () => {
    const card = 'newest-added';
    const ev = (ts: string, type: 'view' | 'link_clicked' = 'view') =>
      sampleEvent({ profileId: card, type, ts: at(`2026-03-07T${ts}Z`) });
    const range = parseRange('2026-03-07T00:00:00Z', '2026-03-07T23:00:00Z');
    const page = new AnalyticsReadService(counted.store, counted.store);
    const truth = async () => (await store.visits(card, range, 3, null)).slice(0, 2);
    await processor.process({ id: uuidv7(), events: [ev('10:00:00'), ev('10:10:00')] });
    expect((await page.visits(card, range, 2, null)).rows).toEqual(await truth());
    /** the store reads of a first page, which must be the store's own */
    const reads = async () => {
      counted.reset();
      const rows = (await page.visits(card, range, 2, null)).rows;
      const calls = counted.reads.visits;
      expect(rows).toEqual(await truth());
      return calls;
    };
    const chdb = transport === 'chdb';
    {
      // a batch of this process: its view is added on top, its click is not a visit; nothing is read
      const batch = { id: uuidv7(), events: [ev('10:20:00'), ev('10:25:00', 'link_clicked')] };
      await processor.process(batch);
      expect(await reads()).toBe(chdb ? 0 : 1);
      // the same batch stored again: the store keeps it once, and so does the page
      await processor.process(batch);
      expect(await reads()).toBe(chdb ? 0 : 1);
      // batches of this process the embedded queue inserted together, under an id of its own
      await processor.process({
        id: 'newest-added-group',
        firstBatchId: uuidv7(),
        events: [ev('10:22:00'), ev('10:23:00')],
      });
      expect(await reads()).toBe(chdb ? 0 : 1);
      // a batch made before the store opened (the process before may have stored it): read again
      await processor.process({ id: 'newest-added-before', events: [ev('10:30:00')] });
      expect(await reads()).toBe(1);
      // while a write of the card runs, the page read before it is served; once it is done, its view
      // is added
      const release = holdInsert();
      try {
        const writing = processor.process({ id: uuidv7(), events: [ev('10:40:00')] });
        if (chdb) {
          for (let i = 0; i < 200 && !store.writing(card); i++) await new Promise((r) => setTimeout(r, 5));
          expect(store.writing(card)).toBe(true);
          counted.reset();
          const during = (await page.visits(card, range, 2, null)).rows;
          expect(counted.reads.visits).toBe(0);
          expect(during.map((row) => row.ts.toISOString())).toEqual([
            '2026-03-07T10:30:00.000Z',
            '2026-03-07T10:23:00.000Z',
          ]);
        }
        release();
        await writing;
      } finally {
        release();
      }
      expect(await reads()).toBe(chdb ? 0 : 1);
      expect((await page.visits(card, range, 2, null)).rows.map((row) => row.ts.toISOString())).toEqual([
        '2026-03-07T10:40:00.000Z',
        '2026-03-07T10:30:00.000Z',
      ]);
      // an erase is not known row by row: read again
      await store.deleteProfileEvents(card);
      expect(await reads()).toBe(1);
      expect((await page.visits(card, range, 2, null)).rows).toEqual([]);
    }
  });

  it('never stores a raw ip, and stores no geo or hash where the profile turned them off', async () => {
    const result = await store.client.query({
      query: 'SELECT * FROM events WHERE profile_id = {p:String} ORDER BY ts',
      query_params: { p: P },
      format: 'JSONEachRow',
    });
    const text = JSON.stringify(await result.json());
    for (const ip of Object.values(IPS)) expect(text).not.toContain(ip);
    const rows = JSON.parse(text) as Array<Record<string, string>>;
    const off = rows.find((r) => r.browser === 'Firefox');
    expect(off).toMatchObject({ country: '', city: '', visitor_hash: '' });
    const on = rows.find((r) => r.user_id === 'user-2');
    expect(on?.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(on).toMatchObject({
      utm_source: 'twitter',
      utm_medium: 'social',
      utm_campaign: 'spring',
      channel: 'campaign',
      browser: 'Chrome',
      os: 'Windows',
    });
  });

  it('throws when an insert fails, so the queue retries', async () => {
    const bad = { ...sampleEvent({ profileId: P }), id: 'not-a-uuid' };
    await expect(processor.process({ id: 'bad-batch', events: [bad] })).rejects.toThrow();
  });

  describe('erasing a profile', () => {
    const views = (profileId: string, n: number, ip: string = IPS.us) =>
      Array.from({ length: n }, (_, i) => sampleEvent({ profileId, ip, ts: at(`2026-03-02T10:0${i}:00Z`) }));
    const visits = async (profileId: string) => (await reader.summary(profileId, RANGE)).totalVisits;

    it('deletes its rows, keeps the others, and a batch of it still queued or replayed stores nothing', async () => {
      const click = (profileId: string) =>
        sampleEvent({
          profileId,
          type: 'link_clicked',
          target: 'https://x.example',
          ts: at('2026-03-02T10:30:00Z'),
        });
      await processor.process({
        id: 'erase-1',
        events: [...views('erased-a', 3), ...views('kept-a', 2), click('erased-a'), click('kept-a')],
      });
      expect([await visits('erased-a'), await visits('kept-a')]).toEqual([3, 2]);
      await processor.erase('erased-a');
      expect([await visits('erased-a'), await visits('kept-a')]).toEqual([0, 2]);
      // the rollups go with the raw events
      for (const table of ['events_hourly', 'breakdown_hourly', 'link_clicks_daily']) {
        const left = await store.client.query({
          query: `SELECT profile_id, count() AS n FROM ${table} WHERE profile_id IN ('erased-a', 'kept-a') GROUP BY profile_id ORDER BY profile_id`,
          format: 'JSONEachRow',
        });
        expect((await left.json<{ profile_id: string }>()).map((r) => r.profile_id)).toEqual(['kept-a']);
      }
      // a batch queued before the erase and processed after it (a retry, another worker, a replay)
      const late = [...views('erased-a', 2, IPS.gbBracknell), ...views('kept-a', 1, IPS.gbBracknell)];
      expect(await processor.process({ id: 'erase-2', events: late })).toBe(1);
      expect([await visits('erased-a'), await visits('kept-a')]).toEqual([0, 3]);
      expect(await store.erasedAmong(['erased-a', 'kept-a', 'nobody'])).toEqual(new Set(['erased-a']));
    });

    it('is not undone by a batch whose insert lands after an erase that ran during it', async () => {
      // another worker erases the profile after this batch checked for erased profiles, before its
      // insert: the erase's delete finds nothing, the insert then stores the rows
      const racing = Object.assign(Object.create(store) as ProcessStore, {
        insertEvents: async (batchId: string, rows: StoredEvent[]) => {
          await processor.erase('erased-b');
          await store.insertEvents(batchId, rows);
        },
      });
      const racingProcessor = new BatchProcessor(enricher, racing);
      await racingProcessor.process({
        id: 'erase-3',
        events: [...views('erased-b', 2), ...views('kept-b', 1)],
      });
      expect([await visits('erased-b'), await visits('kept-b')]).toEqual([0, 1]);
    });

    it('can run again (a retry, a second request) with the same result', async () => {
      await processor.process({ id: 'erase-4', events: views('erased-c', 2) });
      await processor.erase('erased-c');
      await processor.erase('erased-c');
      expect(await visits('erased-c')).toBe(0);
    });
  });

  it('deletes every event of a profile and nothing else', async () => {
    await store.deleteProfileEvents(P);
    expect((await reader.summary(P, RANGE)).totalVisits).toBe(0);
    expect((await reader.summary(Q, RANGE)).totalVisits).toBe(1);
  });
});

describe.each<Transport>(['chdb', 'http'])('raw event retention over %s', (transport) => {
  let dir: string;
  let fixture: ClickHouseHttpFixture | null = null;
  let store: ClickHouseAnalyticsStore;
  let sqlite: SqliteQueueDatabase;
  let reader: AnalyticsReadService;
  const DAY = 86_400_000;
  const old = new Date(Math.floor((Date.now() - 60 * DAY) / DAY) * DAY + 10 * 3_600_000);
  const oldDay = {
    from: new Date(old.getTime() - 10 * 3_600_000),
    to: new Date(old.getTime() + 14 * 3_600_000),
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `cardcraft-ttl-${transport}-`));
    if (transport === 'http') {
      fixture = await startClickHouseHttpFixture({ dir: join(dir, 'server') });
      store = ClickHouseAnalyticsStore.open({ transport: { kind: 'http', url: fixture.url } });
    } else {
      store = ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dir, 'chdb') } });
    }
    await store.migrate();
    sqlite = new SqliteQueueDatabase(':memory:');
    const processor = new BatchProcessor(
      new EventEnricher(
        await GeoLookup.open(),
        new UserAgentParser(),
        new VisitorHasher(new SqliteSaltStore(sqlite)),
        new Set(),
      ),
      store,
    );
    const at = (ms: number) => new Date(old.getTime() + ms).toISOString();
    await processor.process({
      id: 'ttl-batch',
      events: [
        sampleEvent({ profileId: 'profile-ttl', ts: at(15 * 60_000), ip: IPS.us }),
        sampleEvent({ profileId: 'profile-ttl', ts: at(45 * 60_000), ip: IPS.gbBracknell }),
        sampleEvent({ profileId: 'profile-ttl', ts: at(50 * 60_000), type: 'vcard_saved' }),
        sampleEvent({ profileId: 'profile-ttl', ts: new Date(Date.now() - 60_000).toISOString() }),
      ],
    });
    const processStore = asProcessStore(store, transport);
    reader = new AnalyticsReadService(processStore, processStore);
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    sqlite?.close();
    await fixture?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const rawRows = async () => {
    const result = await store.client.query({
      query: "SELECT count() AS n FROM events WHERE profile_id = 'profile-ttl'",
      format: 'JSONEachRow',
    });
    return Number((await result.json<{ n: string }>())[0].n);
  };

  it('drops raw events past the retention while the rollups keep the totals', async () => {
    expect(await rawRows()).toBe(4);
    await store.applyRetention(30);
    const table = await store.client.query({
      query: "SELECT engine_full FROM system.tables WHERE database = currentDatabase() AND name = 'events'",
      format: 'JSONEachRow',
    });
    expect((await table.json<{ engine_full: string }>())[0].engine_full).toMatch(/TTL .*toIntervalDay\(30\)/);
    // expiry happens on merges; force one
    await store.client.command({ query: 'OPTIMIZE TABLE events FINAL' });
    expect(await rawRows()).toBe(1);
    expect((await reader.visits('profile-ttl', oldDay, 10, null)).rows).toEqual([]);
    expect(await reader.summary('profile-ttl', oldDay)).toMatchObject({
      totalVisits: 2,
      uniqueVisitors: 2,
      engagement: { vcard_saved: 1 },
      visitsByCountry: { US: 1, GB: 1 },
    });
    // a bound inside an hour whose raw rows are gone: that hour counts whole, from its rollup
    const partial = {
      from: new Date(old.getTime() + 30 * 60_000),
      to: new Date(old.getTime() + 2 * 3_600_000),
    };
    expect((await reader.summary('profile-ttl', partial)).totalVisits).toBe(2);
    // a second start with the same setting changes nothing; "forever" takes the ttl away
    await store.applyRetention(30);
    await store.applyRetention(null);
    const after = await store.client.query({
      query: "SELECT engine_full FROM system.tables WHERE database = currentDatabase() AND name = 'events'",
      format: 'JSONEachRow',
    });
    expect((await after.json<{ engine_full: string }>())[0].engine_full).not.toMatch(/TTL/);
  });
});
