// npm run k6: k6/public-card.js against the cluster on this machine (the card's page, and the JSON
// read at a quarter of its rate), the check that every view answered 200 is counted, and what a
// counted view cost the api replicas in cpu. it builds k6 if needed (k6/k6-binary.mjs), starts the cluster (two api
// replicas behind the proxy, two workers, redis, FerretDB, ClickHouse over HTTP), seeds the cards
// through the public API, runs k6 at a fixed arrival rate (--no-usage-report), then waits for the
// owners' analytics to count exactly the views k6 saw answered (counted_views), and stops the cluster.
//   npm run k6
//   RATE=300 DURATION=60s npm run k6
// env: RATE (200 page requests/s), JSON_RATE (RATE / 4), DURATION (60s), PROFILES (20), VUS (64), P95_MS (100), KEEP_RUN=1 keeps
// the run directory (data and every process's log) under .cache/cluster/.
// exit 0 only when k6's thresholds held (fewer than 0.1 % failed, p95 under P95_MS) and the counts agree.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuMeter } from './bench/cpu.mjs';
import { analyticsRange, api, seed } from './bench/product.mjs';
import { ROOT, removeRunDir, startCluster } from './cluster/cluster.mjs';
import { ensureK6 } from './k6/k6-binary.mjs';

const env = (name, fallback) => process.env[name] || fallback;
const { fetch } = globalThis;

/** a metric summed over processes' /metrics, for the samples whose labels include `match` */
async function metricSum(urls, name, match = '') {
  let total = 0;
  for (const url of urls) {
    const text = await (await fetch(url)).text();
    for (const line of text.split('\n')) {
      if ((line.startsWith(`${name}{`) || line.startsWith(`${name} `)) && line.includes(match)) {
        total += Number(line.slice(line.lastIndexOf(' ') + 1));
      }
    }
  }
  return total;
}

/** the pipeline's own counts: views recorded by the api, handed to the queue, dropped, rows inserted */
async function pipelineFigures(cluster) {
  const apis = cluster.apis.map((api) => api.metricsUrl);
  const workers = cluster.workers.map((worker) => worker.metricsUrl);
  return {
    recorded: await metricSum(apis, 'cardcraft_analytics_events_recorded_total', 'type="view"'),
    enqueued: await metricSum(apis, 'cardcraft_analytics_buffer_enqueued_events_total'),
    dropped: await metricSum(apis, 'cardcraft_analytics_buffer_dropped_events_total'),
    inserted: await metricSum(workers, 'cardcraft_analytics_rows_inserted_total'),
    failedTries: await metricSum(workers, 'cardcraft_analytics_job_failures_total'),
  };
}
const COUNT_TIMEOUT_MS = 120_000;

/** the views the owner's dashboard counts, summed over the cards */
async function countedViews(baseUrl, token, profiles, from) {
  let total = 0;
  for (const profile of profiles) {
    const summary = await api(
      baseUrl,
      'GET',
      `/api/profiles/${profile.id}/analytics/summary?${analyticsRange(from)}`,
      { token, expect: 200 },
    );
    total += summary.totalVisits;
  }
  return total;
}

function runK6(binary, script, args, logFile) {
  return new Promise((done, reject) => {
    const child = spawn(binary, ['run', '--no-usage-report', ...args, script], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, K6_NO_USAGE_REPORT: 'true' },
    });
    child.once('error', reject);
    child.once('exit', (code) => done({ code, logFile }));
  });
}

const k6 = await ensureK6();
console.log(`k6: ${k6}`);
const cluster = await startCluster({
  port: 0,
  // k6 simulates visitors' addresses in X-Forwarded-For: the proxy keeps them and the api believes them
  forwarded: 'append',
  // the per-request log lines are part of what is measured
  logLevel: env('LOG_LEVEL', 'info'),
  env: { ...process.env, RATE_LIMIT_CARD_CREATION: '1000/1h' },
  onStatus: (line) => console.log(line),
});
let failed = false;
try {
  console.log(`cluster up: ${cluster.url}`);
  const seedStart = new Date(Date.now() - 1000);
  const { token, profiles } = await seed(cluster.url, Number(env('PROFILES', '20')));
  const summaryFile = join(cluster.runDir, 'k6-summary.json');
  const rate = Number(env('RATE', '200'));
  const apiCpu = cluster.apis.map((replica) => cpuMeter(replica.pid));
  const { code } = await runK6(k6, join(ROOT, 'k6/public-card.js'), [
    '--summary-export',
    summaryFile,
    '-e',
    `BASE_URL=${cluster.url}`,
    '-e',
    `HANDLES=${profiles.map((profile) => profile.handle).join(',')}`,
    '-e',
    `RATE=${rate}`,
    '-e',
    `JSON_RATE=${env('JSON_RATE', String(Math.max(1, Math.floor(rate / 4))))}`,
    '-e',
    `DURATION=${env('DURATION', '60s')}`,
    '-e',
    `VUS=${env('VUS', '64')}`,
    '-e',
    `P95_MS=${env('P95_MS', '100')}`,
  ]);
  const loadEnded = performance.now();
  // the replicas' cpu over the run (all threads), k6's setup and teardown included
  const apiCpuUs = apiCpu.reduce((sum, spent) => sum + spent().total, 0);
  if (code !== 0) {
    failed = true;
    console.error(`k6 exited with ${code}: a threshold failed`);
  }
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  const expected = summary.metrics.counted_views?.count ?? 0;
  let counted = -1;
  const deadline = performance.now() + COUNT_TIMEOUT_MS;
  while (performance.now() < deadline) {
    counted = await countedViews(cluster.url, token, profiles, seedStart);
    if (counted >= expected) break;
    await sleep(500);
  }
  const lagS = ((performance.now() - loadEnded) / 1000).toFixed(1);
  // a view counted that no client saw answered is as wrong as one lost: look once more a moment later
  await sleep(2_000);
  counted = await countedViews(cluster.url, token, profiles, seedStart);
  const pipeline = await pipelineFigures(cluster);
  const reqs = summary.metrics.http_reqs;
  const scenario = (name) => {
    const duration = summary.metrics[`http_req_duration{scenario:${name}}`];
    const failedRate = summary.metrics[`http_req_failed{scenario:${name}}`];
    return (
      `${name}: failed ${(failedRate.value * 100).toFixed(3)} %, latency p50 ${duration.med.toFixed(2)} ms, ` +
      `p95 ${duration['p(95)'].toFixed(2)} ms, p99 ${duration['p(99)'].toFixed(2)} ms, max ${duration.max.toFixed(2)} ms`
    );
  };
  console.log(
    [
      '',
      `requests ${reqs.count} (${reqs.rate.toFixed(1)}/s)`,
      scenario('pages'),
      scenario('json'),
      `api cpu (${cluster.apis.length} replicas, all threads): ${(apiCpuUs / 1e6).toFixed(1)} s, ${(apiCpuUs / Math.max(1, expected)).toFixed(0)} µs a counted view`,
      `views answered 200 to visitors (bots aside) ${expected}, counted in the analytics ${counted} (${counted >= expected ? 'all in' : 'waited'} ${lagS} s after the load's end)`,
      `the pipeline (every event, the seeding's too): recorded by the api ${pipeline.recorded} views, handed to the queue ${pipeline.enqueued} events, dropped ${pipeline.dropped}, rows inserted by the workers ${pipeline.inserted}, failed tries ${pipeline.failedTries}`,
    ].join('\n'),
  );
  if (counted !== expected) {
    failed = true;
    console.error(`the analytics count ${counted} views, k6 saw ${expected} answered`);
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await cluster.stop();
  if (process.env.KEEP_RUN === '1') console.log(`run directory kept: ${cluster.runDir}`);
  else removeRunDir(cluster.runDir);
}
process.exit(failed ? 1 : 0);
