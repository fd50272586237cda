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

/** a module of the built analytics library */
export function analyticsModule(path) {
  return require(join(ROOT, 'libs/analytics/dist', path));
}

/** the product's store on the chDB of a data directory (the api must not hold it meanwhile) */
export function openStore(dataDir) {
  const { ClickHouseAnalyticsStore } = analyticsModule('adapters/clickhouse/clickhouse-analytics-store.js');
  return ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dataDir, 'chdb') } });
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
