#!/usr/bin/env node
// npm run bench:analytics: the dashboard's reads at 10 million and at 100 million events, through the
// api of the embedded product (chDB, the in-process queue, SQLite), on this machine.
// it builds nothing: run `npm run build:server` first. steps:
//   1. start apps/api/dist/main.js on a free 127.0.0.1 port with a fresh temporary DATA_DIR, register
//      8 owners with one published card each, stop it;
//   2. seed chDB directly (INSERT ... SELECT FROM numbers(), inside the engine through the product's
//      own store, so the materialized views fill the rollups as live inserts do): at scale 1, 2 000 000
//      events on card 1, 1 000 000 on each of cards 2..8, 1 000 000 over 1000 other cards; at scale 10,
//      ten times that (100 million, 20 million on card 1); every card over the last 90 days;
//   3. start the api again on the same data and time, over http: the summary for 30 and 90 days and the
//      visit list (20 rows): first every owner's first read at once (nothing of the card cached yet:
//      the slowest is reported), then each alone (one request at a time) and with the 8 owners at once (each
//      reading their own card, card 1 the 2-million one), and the 8 owners again while visitors open
//      the cards (ANALYTICS_BENCH_LIVE_VIEWS, 100 views/s, each stored by the product's pipeline as the
//      owners read: what is read again only after a write is read again then);
//   4. print the table with p50, p95, p97.5 and the goals; stop everything, also on failure.
//   5. a team (bench/team-api.mjs): on a data directory of its own, 8 admins and a team of 1000 published
//      cards made through the api, 10 million events seeded over them (ANALYTICS_BENCH_TEAM_SCALES,
//      default "1"), the team's summary for 30 and 90 days read by the 8 admins at once (the first
//      reads reported apart, then p50, p95, p97.5 against the goal, p95 <= 150 ms); where the api has
//      no team routes, the same reads in this process on the same store (bench/team-reads.mjs).
//   6. on the cards' data (step 3's api): the 30-day summary with one filter and with three, the values
//      rotating per request, and unfiltered in Asia/Kolkata (bench/dashboard-queries.mjs), the first
//      reads apart, then the 8 owners at once, beside the goals (150, 250 and 40 ms).
//   7. the overview (bench/dashboard-queries.mjs): 8 owners with 25 cards each, 2 million events over
//      the first one's (1 million over each other's) per scale, GET /api/analytics/overview read by the
//      8 at once (goal p95 <= 150 ms).
// each scale runs on a data directory of its own, one after the other: ANALYTICS_BENCH_SCALES (default
// "1,10": 10 and 100 million events); "0.1" seeds a million (a quick check). ANALYTICS_BENCH_STEPS
// ("cards,team,overview") picks the steps. ANALYTICS_BENCH_API_NODE_ARGS passes node's flags to the
// api ("--cpu-prof --cpu-prof-dir=/tmp/prof" writes a profile of each api run, to see where a read's
// time goes). nothing leaves the loopback interface.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
// node 20's built-in fetch
const { fetch } = globalThis;
import { Api } from './bench/analytics-api.mjs';
import { mergesDone, openStore } from './bench/analytics-store.mjs';
import { ms, stats } from './bench/latency.mjs';
import { benchOverviewAt, benchQueryReads, printQueryTable } from './bench/dashboard-queries.mjs';
import { benchTeamAt } from './bench/team-api.mjs';

const SCALES = (process.env.ANALYTICS_BENCH_SCALES ?? process.env.ANALYTICS_BENCH_SCALE ?? '1,10')
  .split(',')
  .map(Number);
/** the steps to run: the owners' cards (1 to 4 above), the team (5) */
const STEPS = (process.env.ANALYTICS_BENCH_STEPS ?? 'cards,team,overview').split(',');
const TEAM_SCALES = (process.env.ANALYTICS_BENCH_TEAM_SCALES ?? '1').split(',').map(Number);
const OWNERS = 8;
const BACKGROUND_CARDS = 1000;
const DAYS = 90;
const DAY_MS = 86_400_000;
const SOLO_REQUESTS = 60;
const BUSY_REQUESTS_PER_OWNER = 25;
const PAGE_SIZE = 20;
/**
 * the goals, by the events stored: the 8 owners' p95 while views arrive, and (at 10 million) the
 * slowest of the 8 first reads at once
 */
function goalsAt(events) {
  return events >= 50_000_000 ? { p95Ms: 150, firstReadMs: null } : { p95Ms: 40, firstReadMs: 1000 };
}
/** the views a second sent to the 8 cards in the last measurement (each stored while owners read) */
const LIVE_VIEWS_PER_SECOND = Number(process.env.ANALYTICS_BENCH_LIVE_VIEWS ?? '100');

async function registerOwners(api) {
  const owners = [];
  const run = `${process.pid}${Date.now().toString(36)}`;
  for (let i = 1; i <= OWNERS; i++) {
    const session = await api.json('POST', '/api/auth/register', {
      body: {
        email: `owner${i}.${run}@bench.example`,
        password: 'bench password',
        displayName: `Owner ${i}`,
      },
    });
    const card = await api.json('POST', '/api/profiles', {
      token: session.accessToken,
      body: {
        handle: `bench-${run}-${i}`,
        displayName: `Owner ${i}`,
        published: true,
        contact: { email: `owner${i}@bench.example` },
      },
    });
    owners.push({ token: session.accessToken, profileId: card.id, handle: card.handle });
  }
  return owners;
}

// one card's events over the last 90 days: 80 % views, the rest engagement; visitors come back within
// a day (the visitor id is per card and UTC day, as the worker derives it)
const SEED_SQL = `
INSERT INTO events (event_id, profile_id, ts, type, visitor_id, visitor_hash, user_id, authenticated,
  user_agent, device, browser, os, referrer, referrer_host, utm_source, utm_medium, utm_campaign,
  channel, target, country, city, batch_id)
SELECT
  generateUUIDv7(number) AS event_id,
  if({cards:UInt32} = 1, {profileId:String}, concat({profileId:String}, '-', toString(number % {cards:UInt32}))) AS profile_id,
  toDateTime64({end:DateTime64(3, 'UTC')}, 3, 'UTC') - toIntervalMillisecond(intDiv(number * {spanMs:UInt64}, {count:UInt64})) AS ts,
  multiIf(number % 100 < 80, 'view', number % 100 < 85, 'link_clicked', number % 100 < 89, 'vcard_saved',
          number % 100 < 92, 'shared', number % 100 < 95, 'email_clicked', number % 100 < 97, 'call_clicked',
          'message_sent') AS type,
  concat('d-', substring(lower(hex(cityHash64(profile_id, intDiv(number, 3) % 20000, toDate(ts)))), 1, 30)) AS visitor_id,
  '' AS visitor_hash,
  '' AS user_id,
  toUInt8(number % 9 = 0) AS authenticated,
  'Mozilla/5.0 (bench)' AS user_agent,
  ['mobile', 'desktop', 'tablet'][number % 3 + 1] AS device,
  ['Chrome', 'Safari', 'Firefox'][number % 3 + 1] AS browser,
  ['Android', 'iOS', 'Windows', 'macOS'][number % 4 + 1] AS os,
  '' AS referrer,
  ['', 'linkedin.com', 't.co', 'google.com', ''][number % 5 + 1] AS referrer_host,
  ['', 'newsletter', 'linkedin', ''][number % 4 + 1] AS utm_source, '' AS utm_medium, '' AS utm_campaign,
  ['direct', 'qr', 'referral', 'nfc', 'share', 'email'][number % 6 + 1] AS channel,
  if(type = 'link_clicked', ['https://github.com/bench', 'https://linkedin.com/in/bench', 'https://cal.example/bench'][number % 3 + 1], '') AS target,
  ['US', 'GB', 'DE', 'FR', 'IN', 'BR', ''][number % 7 + 1] AS country,
  ['', 'Berlin', 'London', 'Austin', 'Pune', 'Paris', 'Lyon', 'Recife'][number % 8 + 1] AS city,
  'bench-seed' AS batch_id
FROM numbers({count:UInt64})`;

async function seed(dataDir, owners, scale) {
  const store = openStore(dataDir);
  const end = new Date();
  const toTime = (date) => date.toISOString().replace('T', ' ').replace('Z', '');
  const insert = async (profileId, count, cards) => {
    await store.client.command({
      query: SEED_SQL,
      query_params: { profileId, count, cards, end: toTime(end), spanMs: DAYS * DAY_MS },
      clickhouse_settings: { max_insert_threads: 2 },
    });
  };
  const started = performance.now();
  try {
    await store.migrate();
    await insert(owners[0].profileId, Math.round(2_000_000 * scale), 1);
    for (const owner of owners.slice(1)) await insert(owner.profileId, Math.round(1_000_000 * scale), 1);
    await insert('background', Math.round(1_000_000 * scale), BACKGROUND_CARDS);
    // the inserts above leave parts that chDB merges in the background for a while; a store that has
    // been running is past that, so the reads are timed once the merges are done (at most 3 minutes
    // for every 10 million events)
    const settled = await mergesDone(store, 180_000 * Math.max(1, scale));
    const result = await store.client.query({
      query: 'SELECT count() AS n FROM events',
      format: 'JSONEachRow',
    });
    const [{ n }] = await result.json();
    const rollups = await store.client.query({
      query: `SELECT table, sum(rows) AS rows FROM system.parts
              WHERE active AND database = currentDatabase() AND table IN ('events_hourly', 'breakdown_hourly')
              GROUP BY table ORDER BY table`,
      format: 'JSONEachRow',
    });
    return {
      events: Number(n),
      seconds: (performance.now() - started) / 1000,
      settled,
      rollups: await rollups.json(),
    };
  } finally {
    await store.close();
  }
}

async function timed(api, path, token) {
  const started = performance.now();
  const response = await fetch(api.url + path, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return ms;
}

function readPath(kind, profileId, days) {
  const to = new Date();
  const from = new Date(to.getTime() - days * DAY_MS);
  const range = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  return kind === 'summary'
    ? `/api/profiles/${profileId}/analytics/summary?${range}`
    : `/api/profiles/${profileId}/analytics/visits?${range}&pageSize=${PAGE_SIZE}`;
}

async function solo(api, owner, kind, days) {
  for (let i = 0; i < 5; i++) await timed(api, readPath(kind, owner.profileId, days), owner.token);
  const times = [];
  const started = performance.now();
  for (let i = 0; i < SOLO_REQUESTS; i++)
    times.push(await timed(api, readPath(kind, owner.profileId, days), owner.token));
  return stats(times, performance.now() - started);
}

/** every owner's first read at once: what the dashboard costs when nothing of the card is cached */
async function firstReads(api, owners, kind, days) {
  const started = performance.now();
  const times = await Promise.all(
    owners.map((owner) => timed(api, readPath(kind, owner.profileId, days), owner.token)),
  );
  return stats(times, performance.now() - started);
}

async function busy(api, owners, kind, days) {
  const times = [];
  const started = performance.now();
  await Promise.all(
    owners.map(async (owner) => {
      for (let i = 0; i < BUSY_REQUESTS_PER_OWNER; i++) {
        times.push(await timed(api, readPath(kind, owner.profileId, days), owner.token));
      }
    }),
  );
  return stats(times, performance.now() - started);
}

const VISITOR_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/**
 * visitors opening the owners' cards while `read` runs: `perSecond` views spread over the cards, sent
 * every 50 ms, each stored by the product's own pipeline (so the store is written while owners read).
 * returns what `read` returned and the views answered
 */
async function whileViewsArrive(api, owners, perSecond, read) {
  const perTick = Math.max(1, Math.round(perSecond / 20));
  let answered = 0;
  let sent = 0;
  const inFlight = new Set();
  const tick = setInterval(() => {
    for (let i = 0; i < perTick; i++) {
      const owner = owners[sent++ % owners.length];
      const request = fetch(`${api.url}/api/public/profiles/${owner.handle}?src=qr`, {
        headers: { 'user-agent': VISITOR_AGENT, 'x-forwarded-for': `10.9.${sent % 250}.${sent % 200}` },
      })
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.ok) answered++;
        })
        .catch(() => undefined)
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
  }, 50);
  try {
    return { result: await read(), answered };
  } finally {
    clearInterval(tick);
    await Promise.all(inFlight);
  }
}

async function main() {
  if (STEPS.includes('cards')) for (const scale of SCALES) await benchAt(scale);
  if (STEPS.includes('team')) for (const scale of TEAM_SCALES) await benchTeamAt(scale);
  if (STEPS.includes('overview'))
    for (const scale of SCALES.filter((s) => s <= 1)) await benchOverviewAt(scale);
}

async function benchAt(scale) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-bench-analytics-'));
  const api = new Api(dataDir);
  // chdb's queries run on native threads that do not hold node's event loop open on their own
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    await api.start();
    const owners = await registerOwners(api);
    await api.stop();
    const seeded = await seed(dataDir, owners, scale);
    console.log(
      `seeded ${seeded.events.toLocaleString('en')} events in ${seeded.seconds.toFixed(1)} s ` +
        `(rollup rows: ${seeded.rollups.map((r) => `${r.table} ${Number(r.rows).toLocaleString('en')}`).join(', ')}); ` +
        `merges done ${seeded.settled.seconds.toFixed(1)} s later, ${seeded.settled.activeParts} active parts`,
    );
    await api.start();
    const big = owners[0];
    const check = await api.json('GET', readPath('summary', big.profileId, 90), { token: big.token });
    console.log(
      `card 1, 90 days: ${check.totalVisits.toLocaleString('en')} visits, ${check.uniqueVisitors.toLocaleString('en')} unique visitors ` +
        `(${check.uniqueVisitorsAccuracy.exact ? 'exact' : `estimate, standard error ${check.uniqueVisitorsAccuracy.standardError * 100} %`})`,
    );
    const goals = goalsAt(seeded.events);
    const rows = [];
    for (const [label, kind, days] of [
      ['summary, last 30 days', 'summary', 30],
      ['summary, last 90 days', 'summary', 90],
      [`visit list, ${PAGE_SIZE} rows`, 'visits', 30],
    ]) {
      const first = await firstReads(api, owners, kind, days);
      const alone = await solo(api, big, kind, days);
      const together = await busy(api, owners, kind, days);
      const live = await whileViewsArrive(api, owners, LIVE_VIEWS_PER_SECOND, () =>
        busy(api, owners, kind, days),
      );
      rows.push({ label, first, alone, together, live: live.result });
    }
    const queryRows = await benchQueryReads(api, owners);
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log('');
    console.log(
      `${seeded.events.toLocaleString('en')} events: the goals are p95 <= ${goals.p95Ms} ms with 8 owners while views arrive` +
        (goals.firstReadMs ? `, the slowest first read <= ${goals.firstReadMs} ms` : ''),
    );
    console.log(
      `| read | first read, 8 at once, slowest | alone p50 | alone p95 | alone p97.5 | 8 owners p50 | 8 owners p95 | 8 owners p97.5 | 8 owners req/s | 8 owners p95 while ${LIVE_VIEWS_PER_SECOND} views/s arrive | held |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const { label, first, alone, together, live } of rows) {
      const held = live.p95 <= goals.p95Ms && (goals.firstReadMs === null || first.max <= goals.firstReadMs);
      console.log(
        `| ${label} | ${ms(first.max)} | ${ms(alone.p50)} | ${ms(alone.p95)} | ${ms(alone.p975)} | ${ms(together.p50)} | ${ms(together.p95)} | ` +
          `${ms(together.p975)} | ${together.perSecond.toFixed(1)} | ${ms(live.p95)} | ${held ? 'yes' : 'no'} |`,
      );
    }
    printQueryTable(queryRows);
  } finally {
    clearInterval(keepAlive);
    await api.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
