// the dashboard's narrowed and zoned reads, and the owners' overview, as npm run bench:analytics
// measures them through the api:
//   - the 30-day summary with one filter (country) and with three (country, device, channel), the
//     values rotating per request so no answer is simply read again, and the unfiltered summary in
//     Asia/Kolkata: every owner's first read at once (the slowest reported), then the 8 owners at once;
//   - the overview step: 8 owners with 25 cards each on a data directory of its own, 2 million events
//     over the first owner's cards and 1 million over each other's (per scale), GET /api/analytics/overview
//     for 30 days read by the 8 at once.
// every read here asks for the range the dashboard's "Last 30 days" sends: from the start of the day
// 29 days before today in the owner's zone (UTC, or the read's tz) to now. (the unfiltered UTC steps of
// bench-analytics.mjs keep their rolling "now less 30 days", as they measured it before.)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { Api } from './analytics-api.mjs';
import { analyticsModule, mergesDone, openStore, seedTeamEvents } from './analytics-store.mjs';
import { ms, stats } from './latency.mjs';

// node 20's built-in fetch
const { fetch } = globalThis;

const DAY_MS = 86_400_000;
const REQUESTS_PER_OWNER = 25;
const OVERVIEW_OWNERS = 8;
const OVERVIEW_CARDS = 25;

const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IN', 'BR'];
const DEVICES = ['mobile', 'desktop', 'tablet'];
const CHANNELS = ['direct', 'qr', 'referral', 'nfc', 'share', 'email'];

/** the reads, each a query string for the i-th request, with its goal (p95 of the 8 owners at once) */
export const QUERY_READS = [
  {
    label: 'summary, 30 days, one filter (country)',
    goalMs: 150,
    rounds: COUNTRIES.length,
    query: (i) => `country=${COUNTRIES[i % COUNTRIES.length]}`,
  },
  {
    label: 'summary, 30 days, three filters (country, device, channel)',
    goalMs: 250,
    // the three values rotate together: 6 combinations
    rounds: COUNTRIES.length,
    query: (i) =>
      `country=${COUNTRIES[i % COUNTRIES.length]}&device=${DEVICES[i % DEVICES.length]}` +
      `&channel=${CHANNELS[i % CHANNELS.length]}`,
  },
  {
    label: 'summary, 30 days, Asia/Kolkata',
    goalMs: 40,
    rounds: 1,
    timeZone: 'Asia/Kolkata',
    query: () => 'tz=Asia%2FKolkata',
  },
];

/**
 * the range the dashboard's "Last N days" sends: the start of the local day N - 1 days before today
 * (in the zone), to now
 */
export function dashboardRange(days, timeZone = 'UTC') {
  const { instantOfWall, wallTime } = analyticsModule('read/zone.js');
  const to = Date.now();
  const wallToday = Math.floor(wallTime(timeZone, to) / DAY_MS) * DAY_MS;
  const from = instantOfWall(timeZone, wallToday - (days - 1) * DAY_MS);
  return (
    `from=${encodeURIComponent(new Date(from).toISOString())}` +
    `&to=${encodeURIComponent(new Date(to).toISOString())}`
  );
}

async function timed(url, token) {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return elapsed;
}

/**
 * the first reads of the 8 at once, one round for each of `rounds` request numbers (each filter value
 * the reads rotate through read once: nothing of it kept yet), the slowest reported; then 25 each at
 * once, the values rotating
 */
async function measure(api, owners, pathOf, rounds = 1) {
  const firstTimes = [];
  const startedFirst = performance.now();
  for (let round = 0; round < rounds; round++)
    firstTimes.push(
      ...(await Promise.all(
        owners.map((owner, o) => timed(api.url + pathOf(owner, o + round * owners.length), owner.token)),
      )),
    );
  const first = stats(firstTimes, performance.now() - startedFirst);
  const times = [];
  const started = performance.now();
  await Promise.all(
    owners.map(async (owner, o) => {
      for (let i = 1; i <= REQUESTS_PER_OWNER; i++)
        times.push(await timed(api.url + pathOf(owner, o + i * owners.length), owner.token));
    }),
  );
  return { first, together: stats(times, performance.now() - started) };
}

/** the narrowed and zoned summaries of the owners' cards (the cards step's api and data) */
export async function benchQueryReads(api, owners) {
  const rows = [];
  for (const read of QUERY_READS) {
    const result = await measure(
      api,
      owners,
      (owner, i) =>
        `/api/profiles/${owner.profileId}/analytics/summary?${dashboardRange(30, read.timeZone)}&${read.query(i)}`,
      read.rounds,
    );
    rows.push({ ...read, ...result });
  }
  return rows;
}

export function printQueryTable(rows) {
  console.log('');
  console.log(
    '| read | first reads, 8 at once (each value once), slowest | 8 owners p50 | 8 owners p95 | 8 owners p97.5 | goal (p95) | held |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const { label, goalMs, first, together } of rows) {
    console.log(
      `| ${label} | ${ms(first.max)} | ${ms(together.p50)} | ${ms(together.p95)} | ${ms(together.p975)} | ` +
        `<= ${goalMs} ms | ${together.p95 <= goalMs ? 'yes' : 'no'} |`,
    );
  }
}

async function registerOwnersWithCards(api) {
  const run = `${process.pid}${Date.now().toString(36)}`;
  const owners = [];
  for (let o = 1; o <= OVERVIEW_OWNERS; o++) {
    const session = await api.json('POST', '/api/auth/register', {
      body: {
        email: `overview${o}.${run}@bench.example`,
        password: 'bench password',
        displayName: `Owner ${o}`,
      },
    });
    const cards = [];
    for (let c = 1; c <= OVERVIEW_CARDS; c++) {
      const card = await api.json('POST', '/api/profiles', {
        token: session.accessToken,
        body: { handle: `ov-${run}-${o}-${c}`, displayName: `Card ${c}`, published: true },
      });
      cards.push(card.id);
    }
    owners.push({ token: session.accessToken, cards });
  }
  return owners;
}

/** the overview step: its own data directory, 8 owners of 25 cards, their overview read at once */
export async function benchOverviewAt(scale) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-bench-overview-'));
  const api = new Api(dataDir);
  // chdb's queries run on native threads that do not hold node's event loop open on their own
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    console.log(
      `overview: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    await api.start();
    const owners = await registerOwnersWithCards(api);
    await api.stop();
    const store = openStore(dataDir);
    const started = performance.now();
    let events = 0;
    try {
      await store.migrate();
      for (const [o, owner] of owners.entries()) {
        const count = Math.round((o === 0 ? 2_000_000 : 1_000_000) * scale);
        await seedTeamEvents(store, owner.cards, count);
        events += count;
      }
      await mergesDone(store, 180_000 * Math.max(1, scale));
    } finally {
      await store.close();
    }
    console.log(
      `overview: seeded ${events.toLocaleString('en')} events over ${OVERVIEW_OWNERS} owners' ${OVERVIEW_CARDS} cards ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await api.start();
    const rows = [];
    for (const [label, query, timeZone] of [
      ['overview, 30 days, 25 cards', '', 'UTC'],
      ['overview, 30 days, 25 cards, Asia/Kolkata', '&tz=Asia%2FKolkata', 'Asia/Kolkata'],
    ]) {
      const result = await measure(
        api,
        owners,
        () => `/api/analytics/overview?${dashboardRange(30, timeZone)}${query}`,
      );
      rows.push({ label, goalMs: 150, ...result });
    }
    printQueryTable(rows);
  } finally {
    clearInterval(keepAlive);
    await api.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
