// the analytics store as the benchmarks open and seed it: chDB in a data directory, through the
// product's own store (libs/analytics/dist, built by `npm run build:server`), so the materialized
// views fill the rollups as live inserts do.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
const DAY_MS = 86_400_000;

/** a module of the built analytics library */
export function analyticsModule(path) {
  return require(join(ROOT, 'libs/analytics/dist', path));
}

/** the product's store on the chDB of a data directory (the api must not hold it meanwhile) */
export function openStore(dataDir) {
  const { ClickHouseAnalyticsStore } = analyticsModule('adapters/clickhouse/clickhouse-analytics-store.js');
  return ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dataDir, 'chdb') } });
}

export const toClickHouseTime = (date) => date.toISOString().replace('T', ' ').replace('Z', '');

/**
 * a team's events: `count` over the cards in turn (card i gets events i, i + n, i + 2n...), spread
 * evenly over `days` before `end`. each card's own sequence k makes 80 % views and the rest
 * engagement, visitors coming back within a day (the visitor id is per card and UTC day, as the
 * worker derives it), and the breakdowns and link targets vary with it, as the bench's cards do.
 */
const TEAM_SEED_SQL = `
INSERT INTO events (event_id, profile_id, ts, type, visitor_id, visitor_hash, user_id, authenticated,
  user_agent, device, browser, os, referrer, referrer_host, utm_source, utm_medium, utm_campaign,
  channel, target, country, city, batch_id)
SELECT
  generateUUIDv7(number) AS event_id,
  {cards:Array(String)}[number % length({cards:Array(String)}) + 1] AS profile_id,
  toDateTime64({end:DateTime64(3, 'UTC')}, 3, 'UTC') - toIntervalMillisecond(intDiv(number * {spanMs:UInt64}, {count:UInt64})) AS ts,
  multiIf(k % 100 < 80, 'view', k % 100 < 85, 'link_clicked', k % 100 < 89, 'vcard_saved',
          k % 100 < 92, 'shared', k % 100 < 95, 'email_clicked', k % 100 < 97, 'call_clicked',
          'message_sent') AS type,
  concat('d-', substring(lower(hex(cityHash64(profile_id, intDiv(k, 3) % 20000, toDate(ts)))), 1, 30)) AS visitor_id,
  '' AS visitor_hash,
  '' AS user_id,
  toUInt8(k % 9 = 0) AS authenticated,
  'Mozilla/5.0 (bench)' AS user_agent,
  ['mobile', 'desktop', 'tablet'][k % 3 + 1] AS device,
  ['Chrome', 'Safari', 'Firefox'][k % 3 + 1] AS browser,
  ['Android', 'iOS', 'Windows', 'macOS'][k % 4 + 1] AS os,
  '' AS referrer,
  ['', 'linkedin.com', 't.co', 'google.com', ''][k % 5 + 1] AS referrer_host,
  '' AS utm_source, '' AS utm_medium, '' AS utm_campaign,
  ['direct', 'qr', 'referral', 'nfc', 'share', 'email'][k % 6 + 1] AS channel,
  if(type = 'link_clicked', {targets:Array(String)}[k % length({targets:Array(String)}) + 1], '') AS target,
  ['US', 'GB', 'DE', 'FR', 'IN', 'BR', ''][k % 7 + 1] AS country,
  '' AS city,
  'bench-team-seed' AS batch_id
FROM (SELECT number, intDiv(number, length({cards:Array(String)})) AS k FROM numbers({count:UInt64}))`;

/** the addresses a team card's links hold, which its link clicks go to */
export const TEAM_LINK_TARGETS = [
  'https://github.com/bench',
  'https://linkedin.com/in/bench',
  'https://cal.example/bench',
];

/** inserts a team's events: `count` over `cardIds`, the `days` before `end` */
export async function seedTeamEvents(store, cardIds, count, { end = new Date(), days = 90 } = {}) {
  await store.client.command({
    query: TEAM_SEED_SQL,
    query_params: {
      cards: cardIds,
      targets: TEAM_LINK_TARGETS,
      count,
      end: toClickHouseTime(end),
      spanMs: days * DAY_MS,
    },
    clickhouse_settings: { max_insert_threads: 2 },
  });
}

/** waits until no merge has run for 2 s in a row; the seconds waited and the active parts left */
export async function mergesDone(store, timeoutMs) {
  const started = performance.now();
  let quietSince = null;
  for (;;) {
    const result = await store.client.query({
      query: 'SELECT count() AS n FROM system.merges WHERE database = currentDatabase()',
      format: 'JSONEachRow',
    });
    const [{ n }] = await result.json();
    const now = performance.now();
    if (Number(n) > 0) quietSince = null;
    else quietSince ??= now;
    if ((quietSince !== null && now - quietSince >= 2000) || now - started > timeoutMs) break;
    await sleep(250);
  }
  const parts = await store.client.query({
    query: `SELECT count() AS n FROM system.parts WHERE active AND database = currentDatabase()`,
    format: 'JSONEachRow',
  });
  const [{ n: activeParts }] = await parts.json();
  return { seconds: (performance.now() - started) / 1000, activeParts: Number(activeParts) };
}

/** the events the store holds */
export async function countEvents(store) {
  const result = await store.client.query({
    query: 'SELECT count() AS n FROM events',
    format: 'JSONEachRow',
  });
  const [{ n }] = await result.json();
  return Number(n);
}
