// npm run ingest: how many events a second go from the api to stored rows in the cluster on this
// machine, and which process holds it back. it starts the cluster (cluster/cluster.mjs: two api
// replicas behind the proxy, two workers, redis, FerretDB, ClickHouse over HTTP), seeds cards, then
// sends card views (GET /u/{handle}, the page every visitor opens, each a view the analytics store)
// as fast as the cluster answers for DURATION seconds over CONNECTIONS keep-alive connections (the
// bench's load client), and samples every second: views answered, rows inserted (the workers'
// metrics), the queue's depth, and the cpu of every process (/proc). after the load it waits until
// every answered view is a stored row. the cpu table names the bottleneck: the process that sits at a
// full core; the api's and the workers' cpu per counted view say what a view costs each. last, the
// owner's dashboard summary as fast as it answers for 10 s.
//   npm run ingest
//   DURATION=30 CONNECTIONS=32 npm run ingest
// env: DURATION (30 s), CONNECTIONS (32), PROFILES (20), WORKERS (2), APIS (2), LOG_LEVEL (info),
// CPU_PROFILE=1 writes a cpu profile (.cpuprofile) of every api and worker into the run directory,
// KEEP_RUN=1 keeps the run directory.
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { load } from './bench/load.mjs';
import { analyticsRange, seed } from './bench/product.mjs';
import { join } from 'node:path';
import { ROOT, removeRunDir, startCluster } from './cluster/cluster.mjs';

const { fetch } = globalThis;
const env = (name, fallback) => Number(process.env[name] || fallback);
const DURATION_S = env('DURATION', 30);
const CONNECTIONS = env('CONNECTIONS', 32);
const DRAIN_TIMEOUT_MS = 300_000;
const TICKS_PER_SECOND = 100;

/** cpu seconds a process has used so far (user and system), from /proc */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** the sum of one metric over the processes' /metrics */
async function metricSum(urls, name) {
  let total = 0;
  for (const url of urls) {
    const text = await (await fetch(url)).text();
    for (const line of text.split('\n')) {
      if (line.startsWith(`${name}{`) || line.startsWith(`${name} `))
        total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

async function queueWaiting(url) {
  const text = await (await fetch(url)).text();
  const line = text
    .split('\n')
    .find((entry) => entry.startsWith('cardcraft_analytics_queue_jobs{state="waiting"'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
}

const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
];

const runDir = join(ROOT, '.cache', 'cluster', `ingest-${new Date().toISOString().replace(/[:.]/g, '-')}`);
const cluster = await startCluster({
  runDir,
  port: 0,
  apis: env('APIS', 2),
  workers: env('WORKERS', 2),
  forwarded: 'append',
  logLevel: process.env.LOG_LEVEL || 'info',
  env: { ...process.env, RATE_LIMIT_CARD_CREATION: '1000/1h' },
  nodeArgs:
    process.env.CPU_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${join(runDir, 'cpu-profiles')}`] : [],
  onStatus: (line) => console.log(line),
});
let failed = false;
try {
  const { token, profiles } = await seed(cluster.url, env('PROFILES', 20));
  // a visitor per request slot: its own address and browser, a card among the seeded ones
  const requests = Array.from({ length: 4096 }, (_, i) => ({
    path: `/u/${profiles[i % profiles.length].handle}?src=${i % 3 === 0 ? 'qr' : 'link'}`,
    headers: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-encoding': 'gzip, deflate, br',
      'user-agent': USER_AGENTS[i % USER_AGENTS.length],
      'x-forwarded-for': `198.18.${(i >> 8) & 255}.${i & 255}`,
    },
  }));
  const workerMetrics = cluster.workers.map((worker) => worker.metricsUrl);
  const processes = [
    ...cluster.services
      .filter((service) => service.running)
      .map((service) => ({ name: service.name, pid: service.pid })),
    { name: 'load client', pid: process.pid },
  ];
  // a short warm-up (the caches, the connections, the jit), stored before the measure starts
  const warm = await load({ baseUrl: cluster.url, requests, connections: 8, amount: 2_000, maxSeconds: 10 });
  const warmDeadline = performance.now() + DRAIN_TIMEOUT_MS;
  while (
    (await metricSum(
      cluster.workers.map((worker) => worker.metricsUrl),
      'cardcraft_analytics_rows_inserted_total',
    )) < warm.ok &&
    performance.now() < warmDeadline
  ) {
    await sleep(250);
  }

  const rowsBefore = await metricSum(workerMetrics, 'cardcraft_analytics_rows_inserted_total');
  const cpuBefore = processes.map((proc) => cpuSeconds(proc.pid));
  const samples = [];
  let sampling = true;
  const started = performance.now();
  const sampler = (async () => {
    let last = { t: started, rows: rowsBefore };
    while (sampling) {
      await sleep(1_000);
      const t = performance.now();
      const rows = await metricSum(workerMetrics, 'cardcraft_analytics_rows_inserted_total');
      const waiting = await queueWaiting(cluster.apis[0].metricsUrl);
      samples.push({
        s: ((t - started) / 1000).toFixed(0),
        rowsPerS: ((rows - last.rows) / ((t - last.t) / 1000)).toFixed(0),
        waiting,
      });
      last = { t, rows };
    }
  })();
  const result = await load({
    baseUrl: cluster.url,
    requests,
    connections: CONNECTIONS,
    amount: 10_000_000,
    maxSeconds: DURATION_S,
  });
  const loadEnded = performance.now();
  const cpuAtEnd = processes.map((proc) => cpuSeconds(proc.pid));
  const rowsAtLoadEnd = await metricSum(workerMetrics, 'cardcraft_analytics_rows_inserted_total');
  // every answered view becomes a row (no bots among these visitors)
  const expected = rowsBefore + result.ok;
  let rows = rowsAtLoadEnd;
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  while (rows < expected && performance.now() < deadline) {
    await sleep(250);
    rows = await metricSum(workerMetrics, 'cardcraft_analytics_rows_inserted_total');
  }
  const drained = performance.now();
  sampling = false;
  await sampler;

  const loadS = (loadEnded - started) / 1000;
  const totalS = (drained - started) / 1000;
  const stored = rows - rowsBefore;
  console.log(
    `\nper second: ${samples.map((s) => `${s.s}s ${s.rowsPerS} rows/s, ${s.waiting} jobs waiting`).join('\n            ')}`,
  );
  console.log(`\nmachine: ${cpus().length} cores (${cpus()[0].model})`);
  console.log(
    `load: ${result.requests} requests in ${loadS.toFixed(1)} s over ${CONNECTIONS} connections, ${result.ok} answered 200 (${(result.ok / loadS).toFixed(0)} views/s), statuses ${JSON.stringify(result.statuses)}, p50 ${result.p50?.toFixed?.(1)} ms, p95 ${result.p95?.toFixed?.(1)} ms, p99 ${result.p99?.toFixed?.(1)} ms`,
  );
  console.log(
    `stored: ${stored} rows; ${((rowsAtLoadEnd - rowsBefore) / loadS).toFixed(0)} rows/s during the load; all stored ${((drained - loadEnded) / 1000).toFixed(1)} s after it ended; end to end ${(stored / totalS).toFixed(0)} events/s (${stored} rows in ${totalS.toFixed(1)} s from the first request to the last row)`,
  );
  console.log('\ncpu during the load (share of one core):');
  const spent = processes.map((proc, i) => ({ name: proc.name, seconds: cpuAtEnd[i] - cpuBefore[i] }));
  [...spent]
    .sort((a, b) => b.seconds - a.seconds)
    .forEach(({ name, seconds }) =>
      console.log(`  ${name.padEnd(12)} ${((seconds / loadS) * 100).toFixed(0).padStart(4)} %`),
    );
  // what one counted view cost each kind of process, over the load (the workers store what they
  // took during it; the drain after it is theirs too, but not counted here)
  const perView = (prefix) =>
    (spent.filter((proc) => proc.name.startsWith(prefix)).reduce((sum, proc) => sum + proc.seconds, 0) *
      1e6) /
    Math.max(1, result.ok);
  console.log(
    `cpu per counted view during the load: api replicas ${perView('api-').toFixed(0)} µs, workers ${perView('worker-').toFixed(0)} µs, ClickHouse ${perView('clickhouse').toFixed(0)} µs, proxy ${perView('proxy').toFixed(0)} µs`,
  );
  if (stored !== result.ok) {
    failed = true;
    console.error(`\n${result.ok} views answered 200 but ${stored} rows stored`);
  }

  // the owner's side, with the views in: the dashboard's summary of a card over the last week, as fast
  // as it answers over 4 connections (a dashboard opens a few of these at once)
  const dashboard = await load({
    baseUrl: cluster.url,
    requests: profiles.map((profile) => ({
      path: `/api/profiles/${profile.id}/analytics/summary?${analyticsRange()}`,
      headers: { authorization: `Bearer ${token}` },
    })),
    connections: 4,
    amount: 100_000,
    maxSeconds: 10,
  });
  console.log(
    `\ndashboard: ${dashboard.requests} summaries in ${dashboard.seconds.toFixed(1)} s (${dashboard.rps.toFixed(1)}/s), statuses ${JSON.stringify(dashboard.statuses)}, p50 ${dashboard.p50?.toFixed?.(1)} ms, p95 ${dashboard.p95?.toFixed?.(1)} ms`,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await cluster.stop();
  if (process.env.CPU_PROFILE === '1') {
    console.log(
      `cpu profiles: ${readdirSync(cluster.runDir, { recursive: true })
        .filter((f) => String(f).endsWith('.cpuprofile'))
        .map((f) => `${cluster.runDir}/${f}`)
        .join('\n  ')}`,
    );
  }
  if (process.env.KEEP_RUN === '1' || process.env.CPU_PROFILE === '1')
    console.log(`run directory kept: ${cluster.runDir}`);
  else removeRunDir(cluster.runDir);
}
process.exit(failed ? 1 : 0);
