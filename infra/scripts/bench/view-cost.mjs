#!/usr/bin/env node
// what one counted view costs to record and store in the embedded product, measured in cpu time (the
// machine is shared, so wall times say little). it builds nothing: run `npm run build:server` first.
//   1. chDB's insert of the events table and both rollups, per event, at batches of 10 000, for each
//      format: through @clickhouse/client (which serialises rows itself, or sends a body inline) and
//      as a raw body handed to chDB as it is. a fresh temporary chDB directory with the migrations
//      applied; merges are stopped while it runs (they cost the same whatever the format).
//   2. the view's javascript stage by stage, each in a warm loop over the same 10 000 views.
//   3. the whole embedded write path at a steady rate: an event made as the tracker makes it, the
//      buffer, the SQLite queue, the consumer, enrichment, serialisation, the insert and the write
//      log, composed by startApiAnalytics as the api composes it. the views go twice: once for the
//      cpu per view (main thread, other threads) with nothing else waking the event loop, once
//      watched (the loop's longest delay, its longest hold in cpu time, the collector's pauses).
// `node infra/scripts/bench/view-cost.mjs [events] [views per second]`; VIEW_COST_INSERTS=0 skips
// part 1, VIEW_COST_DIST measures another build of libs/analytics (a before/after comparison).
// measureViewCost() returns the figures for the main bench. bounded in events and time; temporary
// directories are removed; nothing leaves the process (chDB runs in it).
import { Buffer } from 'node:buffer';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { URL, fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
/** the build of libs/analytics measured: its dist, or another build's (a before/after comparison) */
let dist = join(ROOT, 'libs/analytics/dist');
const lib = (path) => require(join(dist, path));

const INSERT_BATCH = 10_000;
const MAX_EVENTS = 100_000;
const MAX_SECONDS = 300;

/** cpu time of the whole process (every thread, also those that ended), in ns */
const processNs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) * 1000;
};
/** cpu time of the main thread (the one that answers visitors), in ns */
const mainThreadNs = () =>
  Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);

/** waits until the process has been nearly idle for 100 ms (a merge or an insert's tail done), 5 s at most */
async function quiet() {
  for (let i = 0; i < 50; i++) {
    const before = processNs();
    await sleep(100);
    if (processNs() - before < 2_000_000) return;
  }
}

const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0',
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  'LinkedInApp/9.29 (iPhone; iOS 17.4; Scale/3.00) Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
];
const REFERRERS = [
  'https://www.linkedin.com/feed/',
  'https://t.co/abc123',
  'https://www.google.com/',
  'https://news.ycombinator.com/item?id=41234567',
  'android-app://com.slack/',
];
const CARDS = 300;
const VISITORS = 5000;

/** a deterministic mix: 300 cards (one in five collects the ip hash), 5000 visitors who come back */
function mix(seed = 1) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const visitors = Array.from({ length: VISITORS }, () => ({
    // public addresses spread over the space, so geo lookups miss their cache as real ones do
    ip: `${1 + Math.floor(next() * 222)}.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}.${1 + Math.floor(next() * 254)}`,
    userAgent: USER_AGENTS[Math.floor(next() * USER_AGENTS.length)],
  }));
  return (i) => {
    const visitor = visitors[Math.floor(next() * VISITORS)];
    const card = Math.floor(next() * CARDS);
    const r = next();
    return {
      profileId: `665f1c2e9b1e8a0012${String(card).padStart(6, '0')}`,
      ...visitor,
      referrer: r < 0.25 ? REFERRERS[i % REFERRERS.length] : null,
      utm: r > 0.9 ? { source: 'newsletter', medium: 'email', campaign: `spring-${i % 7}` } : null,
      channel: r > 0.8 && r <= 0.9 ? 'qr' : null,
      collectIp: card % 5 === 0,
    };
  };
}

/** an event as AnalyticsTracker.track makes it for a view (the bot check included) */
function trackerEvent(visit, lib) {
  if (lib.isBotUserAgent(visit.userAgent)) return null;
  return {
    id: lib.newEventId(),
    profileId: visit.profileId,
    ts: new Date().toISOString(),
    type: 'view',
    userId: null,
    authenticated: false,
    userAgent: visit.userAgent,
    referrer: visit.referrer,
    utmSource: visit.utm?.source ?? null,
    utmMedium: visit.utm?.medium ?? null,
    utmCampaign: visit.utm?.campaign ?? null,
    channel: visit.channel,
    target: null,
    ip: visit.ip,
    collectGeo: true,
    collectIp: visit.collectIp,
  };
}

const COLUMNS = [
  'event_id',
  'profile_id',
  'ts',
  'type',
  'visitor_id',
  'visitor_hash',
  'user_id',
  'authenticated',
  'user_agent',
  'device',
  'browser',
  'os',
  'referrer',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'channel',
  'target',
  'country',
  'city',
  'batch_id',
];

/** rows as the enricher stores them, for the insert measurement */
function storedRows(count, batchId, lib) {
  const next = mix(7);
  const start = Date.now() - 3_600_000;
  const rows = [];
  for (let i = 0; i < count; i++) {
    const visit = next(i);
    const ms = start + Math.floor((i * 3_600_000) / count);
    const host = visit.referrer ? new URL(visit.referrer).hostname.replace(/^www\./, '') : '';
    rows.push({
      event_id: lib.newEventId(),
      profile_id: visit.profileId,
      ts: new Date(ms).toISOString().replace('T', ' ').replace('Z', ''),
      type: i % 10 === 9 ? 'link_clicked' : 'view',
      visitor_id: `d-${(i * 2_654_435_761).toString(16).padStart(30, '0').slice(-30)}`,
      visitor_hash: visit.collectIp ? (i * 40_503).toString(16).padStart(32, '0') : '',
      user_id: '',
      authenticated: i % 9 === 0 ? 1 : 0,
      user_agent: visit.userAgent,
      device: i % 3 === 0 ? 'desktop' : 'mobile',
      browser: ['Mobile Safari', 'Chrome', 'Firefox'][i % 3],
      os: ['iOS', 'Android', 'Windows'][i % 3],
      referrer: host ? visit.referrer : '',
      referrer_host: host,
      utm_source: visit.utm?.source ?? '',
      utm_medium: visit.utm?.medium ?? '',
      utm_campaign: visit.utm?.campaign ?? '',
      channel: visit.channel ?? (visit.utm ? 'campaign' : host ? 'referral' : 'direct'),
      target: i % 10 === 9 ? 'https://github.com/someone' : '',
      country: ['US', 'GB', 'DE', 'FR', ''][i % 5],
      city: i % 4 === 0 ? 'Berlin' : '',
      batch_id: batchId,
    });
  }
  return rows;
}

const tsvField = (value) => String(value).replace(/[\\\t\n\r\0]/g, (c) => TSV_ESCAPES[c]);
const TSV_ESCAPES = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };
const BODIES = {
  JSONEachRow: (rows) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n',
  JSONCompactEachRow: (rows) =>
    rows.map((row) => JSON.stringify(COLUMNS.map((c) => row[c]))).join('\n') + '\n',
  TabSeparated: (rows) =>
    rows.map((row) => COLUMNS.map((c) => tsvField(row[c])).join('\t')).join('\n') + '\n',
};

/** the insert settings the store uses */
const insertSettings = (batchId) => ({
  insert_deduplication_token: batchId,
  deduplicate_blocks_in_dependent_materialized_views: 1,
  os_thread_priority: 19,
});

/** the ways an insert can reach chDB; `raw` ones go through the store's own insert of a body (chDB's raw insert) */
const INSERT_WAYS = [
  {
    name: 'JSONEachRow through the client (row objects)',
    raw: false,
    run: (store, rows, batchId) =>
      store.client.insert({
        table: 'events',
        values: rows,
        format: 'JSONEachRow',
        clickhouse_settings: insertSettings(batchId),
      }),
  },
  {
    name: 'JSONCompactEachRow through the client (row arrays)',
    raw: false,
    prepare: (rows) => rows.map((row) => COLUMNS.map((c) => row[c])),
    run: (store, rows, batchId, prepared) =>
      store.client.insert({
        table: 'events',
        columns: COLUMNS,
        values: prepared,
        format: 'JSONCompactEachRow',
        clickhouse_settings: insertSettings(batchId),
      }),
  },
  {
    name: 'TabSeparated through the client (a body, sent inline)',
    raw: false,
    prepare: (rows) => Buffer.from(BODIES.TabSeparated(rows)),
    run: (store, rows, batchId, body) =>
      store.client.insert({
        table: 'events',
        columns: COLUMNS,
        values: Readable.from([body], { objectMode: false }),
        format: 'TabSeparated',
        clickhouse_settings: insertSettings(batchId),
      }),
  },
  // a raw body reaches chDB's raw insert through the store's insert of a body (TabSeparated is the
  // store's own way), at the lowest thread priority as the store's inserts run
  ...Object.keys(BODIES).map((format) => ({
    name: `${format} as a raw body`,
    raw: true,
    prepare: (rows) => Buffer.from(BODIES[format](rows)),
    run: async (store, rows, batchId, body) => {
      const { os_thread_priority: _background, ...settings } = insertSettings(batchId);
      await store.inserts.insert({
        table: 'events',
        columns: COLUMNS,
        format,
        body: [body],
        settings,
        background: true,
      });
    },
  })),
];

/**
 * the main thread's longest hold of the event loop in cpu time: a wall-clock delay on a shared machine
 * also counts the time the thread waited for a core. the main thread bumps a counter every
 * millisecond; a worker reads the main thread's cpu time (/proc, ns) every millisecond, and a stretch in
 * which the counter did not move is a hold of as much cpu as the thread used meanwhile
 */
function startHoldSampler() {
  const ticks = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const { readFileSync } = require('node:fs');
     const ticks = workerData.ticks;
     const cpu = (file) => Number(readFileSync(file, 'utf8').split(' ')[0]);
     const main = '/proc/self/task/' + workerData.tid + '/schedstat';
     const self = '/proc/thread-self/schedstat';
     const started = cpu(self);
     let seen = Atomics.load(ticks, 0), since = cpu(main), longest = 0, over5 = 0, open = false;
     const timer = setInterval(() => {
       const now = Atomics.load(ticks, 0);
       const used = cpu(main) - since;
       if (now !== seen) {
         if (open && used >= 5e6) over5 += 1;
         seen = now; since = cpu(main); open = false;
       } else {
         open = true;
         longest = Math.max(longest, used);
       }
       if (Atomics.load(ticks, 1) === 1) {
         clearInterval(timer);
         parentPort.postMessage({ longestNs: longest, over5, ownNs: cpu(self) - started });
       }
     }, 1);`,
    { eval: true, workerData: { ticks, tid: process.pid } },
  );
  const beat = setInterval(() => Atomics.add(ticks, 0, 1), 1);
  return {
    stop: () =>
      new Promise((resolveStop) => {
        clearInterval(beat);
        worker.once('message', (result) => {
          void worker.terminate();
          resolveStop(result);
        });
        Atomics.store(ticks, 1, 1);
      }),
  };
}

const perEvent = (ns, events) => Math.round((ns / events / 1000) * 10) / 10;
const range = (values) => ({
  min: Math.min(...values),
  median: [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)],
  max: Math.max(...values),
});

/** chDB insert cpu per event for each way, at batches of `batch`, `rounds` times each */
async function measureInserts(dir, { batch, rounds, log }) {
  const { ClickHouseAnalyticsStore } = lib('adapters/clickhouse/clickhouse-analytics-store.js');
  const { newEventId } = lib('events.js');
  const results = [];
  for (const raw of [false, true]) {
    // the client's ways (its chdb connection's inline insert), then the store's own insert of a body
    const store = ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: dir } });
    try {
      await store.migrate();
      for (const table of ['events', 'events_hourly', 'breakdown_hourly', 'link_clicks_daily']) {
        await store.client.command({ query: `SYSTEM STOP MERGES ${table}` });
      }
      const ways = INSERT_WAYS.filter((way) => way.raw === raw);
      const samples = new Map(ways.map((way) => [way.name, { all: [], main: [] }]));
      for (let round = 0; round < rounds; round++) {
        for (const way of ways) {
          const batchId = newEventId();
          const rows = storedRows(batch, batchId, { newEventId });
          const prepared = way.prepare?.(rows);
          await quiet();
          const all0 = processNs();
          const main0 = mainThreadNs();
          await way.run(store, rows, batchId, prepared);
          const main = mainThreadNs() - main0;
          const all = processNs() - all0;
          samples.get(way.name).all.push(perEvent(all, batch));
          samples.get(way.name).main.push(perEvent(main, batch));
        }
      }
      for (const way of ways) {
        const { all, main } = samples.get(way.name);
        results.push({
          way: way.name,
          usPerEvent: range(all),
          mainThreadUsPerEvent: range(main),
          samples: all,
        });
        log(`  ${way.name}: ${all.join(', ')} µs/event (main thread ${main.join(', ')})`);
      }
      for (const table of ['events', 'events_hourly', 'breakdown_hourly', 'link_clicks_daily']) {
        await store.client.command({ query: `SYSTEM START MERGES ${table}` });
        await store.client.command({ query: `TRUNCATE TABLE ${table}` });
      }
    } finally {
      await store.close();
    }
  }
  return results;
}

/** the embedded write path at `rate` views a second, `events` views measured after a warm-up */
async function measureWritePath(dataDir, chdbDir, { events, rate, log }) {
  const runtimeLib = lib('runtime.js');
  const eventsLib = lib('events.js');
  const userAgentLib = lib('enrichment/user-agent.js');
  const libs = { newEventId: eventsLib.newEventId, isBotUserAgent: userAgentLib.isBotUserAgent };
  // a build from before the configuration was grouped by queue kind (VIEW_COST_DIST) has it flat, in
  // runtime.js
  const grouped = lib('config.js').analyticsConfigDefaults?.(dataDir);
  const config = grouped
    ? { ...grouped, store: { ...grouped.store, dataDir: chdbDir } }
    : { ...runtimeLib.analyticsConfigDefaults(dataDir), clickhouseDataDir: chdbDir };
  const quietLogger = {
    log: () => undefined,
    warn: (m) => log(`  warn: ${m}`),
    error: (m) => log(`  error: ${m}`),
  };
  const runtime = await runtimeLib.startApiAnalytics(config, quietLogger, { embeddedWorker: true });
  const next = mix(3);
  let made = 0;
  /** sends `count` views at `rate` a second, in 5 ms ticks; resolves when the last one is handed over */
  const send = (count) =>
    new Promise((resolveSent) => {
      const started = performance.now();
      let sent = 0;
      const timer = setInterval(() => {
        const due = Math.min(count, Math.floor(((performance.now() - started) / 1000) * rate));
        for (; sent < due; sent++) {
          const event = trackerEvent(next(made++), libs);
          if (event) runtime.track(event);
        }
        if (sent >= count) {
          clearInterval(timer);
          resolveSent();
        }
      }, 5);
    });
  const stored = async (count, deadline) => {
    while (runtime.stats().processedEvents < count) {
      if (performance.now() > deadline)
        throw new Error(`only ${runtime.stats().processedEvents} of ${count} events stored in time`);
      await sleep(20);
    }
  };
  try {
    const deadline = performance.now() + MAX_SECONDS * 1000;
    // warm-up: caches, the jit, the first parts
    const warmUp = Math.min(5000, Math.max(1000, Math.floor(events / 4)));
    await send(warmUp);
    await stored(warmUp, deadline);
    await quiet();
    // first the cpu, with nothing else waking the event loop: a 1 ms timer alone costs the main thread
    // about 50 ms a second here, as much as 2000 views
    const all0 = processNs();
    const main0 = mainThreadNs();
    const wall0 = performance.now();
    await send(events);
    await stored(warmUp + events, deadline);
    const main = mainThreadNs() - main0;
    const all = processNs() - all0;
    const seconds = (performance.now() - wall0) / 1000;
    await quiet();
    // then the same views again, watched: the loop's delay, its holds in cpu time, the collector
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const gc = { pauses: 0, longestMs: 0, totalMs: 0 };
    const gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        gc.pauses += 1;
        gc.totalMs += entry.duration;
        gc.longestMs = Math.max(gc.longestMs, entry.duration);
      }
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    const watched0 = performance.now();
    const holds = startHoldSampler();
    loop.enable();
    await send(events);
    await stored(warmUp + 2 * events, deadline);
    loop.disable();
    gcObserver.disconnect();
    const sampled = await holds.stop();
    const watched = performance.now() - watched0;
    return {
      events,
      rate,
      seconds: Math.round(seconds * 10) / 10,
      mainThreadUsPerView: perEvent(main, events),
      otherThreadsUsPerView: perEvent(all - main, events),
      allThreadsUsPerView: perEvent(all, events),
      maxLoopDelayMs: Math.round(loop.max / 1e5) / 10,
      p99LoopDelayMs: Math.round(loop.percentile(99) / 1e5) / 10,
      longestHoldCpuMs: Math.round(sampled.longestNs / 1e5) / 10,
      holdsOver5MsCpu: sampled.over5,
      gcPauses: gc.pauses,
      longestGcPauseMs: Math.round(gc.longestMs * 10) / 10,
      gcMsPerSecond: Math.round((gc.totalMs / watched) * 10_000) / 10,
      dropped: runtime.stats().buffer.dropped,
    };
  } finally {
    await runtime.close();
  }
}

/**
 * the view's javascript stage by stage, each in a loop over the same 10 000 views with warm caches:
 * what each costs on its own, without the cold caches and collections of the path at a steady rate
 */
async function measureStages({ log }) {
  const eventsLib = lib('events.js');
  const index = lib('index.js');
  const { SqliteQueueDatabase, SqliteSaltStore } = lib('adapters/sqlite-queue/index.js');
  if (!eventsLib.encodeQueuedBatch || !index.EventRows) return null;
  const libs = { newEventId: eventsLib.newEventId, isBotUserAgent: index.isBotUserAgent };
  const db = new SqliteQueueDatabase(':memory:');
  try {
    const enricher = new index.EventEnricher(
      await index.GeoLookup.open(),
      new index.UserAgentParser(),
      new index.VisitorHasher(new SqliteSaltStore(db)),
      index.ownHostsOf(['https://cards.example.test']),
    );
    const count = 10_000;
    const flush = 50;
    const next = mix(5);
    const visits = Array.from({ length: count }, (_, i) => next(i));
    let events = [];
    let rows = [];
    let parsed = [];
    let enriched = null;
    const stages = {
      'the event (id, time, bot verdict)': () => {
        events = visits.map((visit) => trackerEvent(visit, libs)).filter(Boolean);
      },
      'its queue row (a flush of 50)': () => {
        rows = [];
        for (let i = 0; i < events.length; i += flush) {
          rows.push(eventsLib.encodeQueuedBatch({ id: `b${i}`, events: events.slice(i, i + flush) }));
        }
      },
      'reading the row back': () => {
        parsed = rows.flatMap((row) => eventsLib.parseEventBatch(JSON.parse(row)).events);
      },
      'enrichment and its line': async () => {
        enriched = await enricher.enrichRows(eventsLib.newEventId(), parsed);
        enriched.body();
      },
      "the write log's rows per card": () => {
        const byCard = new Map();
        for (const row of enriched.written) {
          let card = byCard.get(row.profileId);
          if (!card) byCard.set(row.profileId, (card = { events: [], views: [] }));
          card.events.push(row.event);
          if (row.view) card.views.push(row.view);
        }
      },
    };
    const figures = {};
    for (const [name, run] of Object.entries(stages)) {
      const samples = [];
      for (let round = 0; round < 6; round++) {
        const before = processNs();
        await run();
        if (round > 0) samples.push(perEvent(processNs() - before, count));
      }
      figures[name] = range(samples);
      log(`  ${name}: ${samples.join(', ')} µs/view`);
    }
    const sum = (pick) =>
      Math.round(Object.values(figures).reduce((total, f) => total + f[pick], 0) * 10) / 10;
    log(`  together: ${sum('min')} to ${sum('max')} µs/view (median ${sum('median')})`);
    return { stages: figures, totalUsPerView: { min: sum('min'), median: sum('median'), max: sum('max') } };
  } finally {
    db.close();
  }
}

/**
 * the figures: chDB insert cpu per event for each format (at batches of 10 000), and the embedded
 * write path's cpu per view (main thread, other threads) with the event loop's longest hold
 */
export async function measureViewCost({
  events = 20_000,
  rate = 2000,
  insertRounds = 5,
  inserts = true,
  analyticsDist = join(ROOT, 'libs/analytics/dist'),
  log = () => undefined,
} = {}) {
  dist = resolve(analyticsDist);
  if (!Number.isInteger(events) || events < 1000 || events > MAX_EVENTS) {
    throw new Error(`events must be a whole number from 1000 to ${MAX_EVENTS}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'cardcraft-view-cost-'));
  const chdbDir = join(dir, 'chdb');
  try {
    let insertFigures = null;
    if (inserts) {
      log(`chDB insert of ${INSERT_BATCH} events with both rollups, cpu per event (all threads):`);
      insertFigures = await measureInserts(chdbDir, { batch: INSERT_BATCH, rounds: insertRounds, log });
    }
    log("the view's javascript stage by stage (warm loops, one thread):");
    const stages = await measureStages({ log });
    log(`the embedded write path, ${events} views at ${rate} a second:`);
    const writePath = await measureWritePath(dir, chdbDir, { events, rate, log });
    log(
      `  main thread ${writePath.mainThreadUsPerView} µs/view, other threads ${writePath.otherThreadsUsPerView}, ` +
        `all ${writePath.allThreadsUsPerView}; event loop: longest delay ${writePath.maxLoopDelayMs} ms (p99 ${writePath.p99LoopDelayMs}), ` +
        `longest hold ${writePath.longestHoldCpuMs} ms of cpu (${writePath.holdsOver5MsCpu} over 5 ms); ` +
        `garbage collection: longest pause ${writePath.longestGcPauseMs} ms, ${writePath.gcMsPerSecond} ms a second`,
    );
    return { inserts: insertFigures, stages, writePath };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const events = Number(process.argv[2] ?? 20_000);
  const rate = Number(process.argv[3] ?? 2000);
  measureViewCost({
    events,
    rate,
    inserts: process.env.VIEW_COST_INSERTS !== '0',
    analyticsDist: process.env.VIEW_COST_DIST || undefined,
    log: (line) => console.log(line),
  })
    .then(() => process.exit(0))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
