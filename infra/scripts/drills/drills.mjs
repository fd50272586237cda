// npm run drills: each fault of the pipeline under bounded load on loopback, then every view answered
// 200 compared with the stored rows, visitor by visitor (each request carries a referrer host of its
// own, read back from the owner's visits export). prints a table: answered, counted, lost, doubled,
// behaviour during the fault, recovery time. needs `npm run build` first; the disk drills need root
// (they mount a tmpfs) and are skipped otherwise. outside npm test: it runs for several minutes.
//
//   npm run drills                      every drill
//   npm run drills -- sigkill redis     the drills whose name contains one of the words
//   DRILL_RATE=500 DRILL_REDIS_OUTAGE_S=20 npm run drills -- redis
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { seed } from '../bench/product.mjs';
import { backupRestoreDrill } from './backup-drill.mjs';
import {
  compare,
  pacedLoad,
  perTickOf,
  seconds,
  SETTLE_TIMEOUT_MS,
  t0,
  watchReadiness,
} from './drill-load.mjs';
import { startCluster, startEmbedded } from './launcher.mjs';

// node's built-ins, named here so the linter knows where they come from
const { fetch, URL, AbortSignal } = globalThis;
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const RATE = Number(process.env.DRILL_RATE ?? 300);
const REDIS_RATE = Number(process.env.DRILL_REDIS_RATE ?? 1000);
const REDIS_OUTAGE_S = Number(process.env.DRILL_REDIS_OUTAGE_S ?? 60);
const FLUSH_MS = 25;
const asRoot = process.getuid?.() === 0;

function notReady(samples, from, to) {
  const during = samples.filter((s) => s.at >= from && s.at <= to && s.status !== 200);
  const reasons = [...new Set(during.map((s) => s.reason).filter(Boolean))];
  return { count: during.length, reasons };
}

/** ms from `from` until readiness answered 200 again */
function recoveryMs(samples, from) {
  const back = samples.find((s) => s.at >= from && s.status === 200);
  return back ? back.at - from : NaN;
}

function statusesDuring(statuses, startedAt, from, to, rate) {
  // visitors are sent in order at about `rate`: the ones of the fault window
  const first = Math.max(0, Math.floor(((from - startedAt) / 1000) * rate));
  const last = Math.min(statuses.length, Math.ceil(((to - startedAt) / 1000) * rate));
  const window = statuses.slice(first, last);
  const ok = window.filter((s) => s === 200).length;
  return `${ok}/${window.length} answered 200`;
}

async function ownerSummaryStatus(baseUrl, token, profileId) {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  try {
    const response = await fetch(
      `${baseUrl}/api/profiles/${profileId}/analytics/summary?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) },
    );
    const body = await response.json().catch(() => ({}));
    return `${response.status}${body.error ? ` "${body.error}"` : ''}`;
  } catch (error) {
    return `no answer (${error.message})`;
  }
}

// ---------------------------------------------------------------------------------------------
// the drills

async function embeddedProcessDrill(name, signal) {
  const system = await startEmbedded(ROOT);
  const api = system.apis[0];
  try {
    const { token, profiles } = await seed(api.baseUrl, 1);
    const [card] = profiles;
    const watch = watchReadiness(() => `${api.baseUrl}/api/health/ready`);
    const started = t0();
    let faultAt = 0;
    let restartAt = 0;
    let exit = null;
    const fault = (async () => {
      await sleep(3000);
      faultAt = t0();
      api.process.child.kill(signal);
      exit = await api.process.exited;
      await sleep(500);
      restartAt = t0();
      await api.start();
    })();
    const run = await pacedLoad({
      targets: [{ baseUrl: () => api.baseUrl, handle: card.handle }],
      rate: RATE,
      durationMs: 9000,
    });
    await fault;
    // a drained stop can end after the load: the restart's readiness is then seen after it
    await watch.readyAgain(restartAt);
    await watch.stop();
    const result = await compare({ baseUrl: api.baseUrl, token, profileId: card.id, statuses: run.statuses });
    // the load sends each tick's visitors together (a burst of rate/10 within a few ms), so the events
    // answered in the last flush window before the kill are at most one tick's
    const allowed = signal === 'SIGKILL' ? Math.max(Math.ceil((RATE * FLUSH_MS) / 1000), perTickOf(RATE)) : 0;
    return {
      name,
      mode: 'embedded',
      rate: run.sent / run.seconds,
      ...result,
      allowedLoss: allowed,
      // a SIGTERM drains: a request is answered or finds the port closed, none has its connection reset
      allowedDropped: signal === 'SIGTERM' ? 0 : Infinity,
      dropped: run.dropped,
      behaviour: `exit ${exit?.code ?? exit?.signal}; ${run.dropped} request(s) dropped by a broken connection, ${run.refused} refused; ${statusesDuring(run.statuses, started, faultAt, restartAt, run.sent / run.seconds)} while down`,
      recovery: seconds(recoveryMs(watch.samples, restartAt)),
    };
  } finally {
    await system.stopAll();
  }
}

async function embeddedDiskDrill(name, kind) {
  if (!asRoot) return { name, mode: 'embedded', skipped: 'needs root (mounts a tmpfs as DATA_DIR)' };
  // read-only: the product runs as an unprivileged user and its directory loses write permission (a
  // tmpfs cannot be remounted read-only under open files); full: a tmpfs filled to the last byte
  const system = await startEmbedded(ROOT, kind === 'full' ? { tmpfsMb: 256 } : { asUser: 65534 });
  const api = system.apis[0];
  try {
    const { token, profiles } = await seed(api.baseUrl, 1);
    const [card] = profiles;
    const watch = watchReadiness(() => `${api.baseUrl}/api/health/ready`);
    const started = t0();
    let faultAt = 0;
    let clearedAt = 0;
    let note = '';
    const fault = (async () => {
      await sleep(2000);
      faultAt = t0();
      if (kind === 'full') {
        spawnSync('sh', [
          '-c',
          `dd if=/dev/zero of=${join(system.dataDir, 'filler')} bs=1M 2>/dev/null; true`,
        ]);
      } else {
        const ro = spawnSync('chmod', ['-R', 'a-w', system.dataDir]);
        if (ro.status !== 0) note = `chmod refused: ${ro.stderr.toString().trim()}`;
      }
      await sleep(8000);
      clearedAt = t0();
      if (kind === 'full') rmSync(join(system.dataDir, 'filler'), { force: true });
      else spawnSync('chmod', ['-R', 'u+w', system.dataDir]);
    })();
    const run = await pacedLoad({
      targets: [{ baseUrl: () => api.baseUrl, handle: card.handle }],
      rate: RATE,
      durationMs: 14_000,
    });
    await fault;
    await sleep(2000);
    await watch.stop();
    const alive = api.process.running;
    const result = await compare({ baseUrl: api.baseUrl, token, profileId: card.id, statuses: run.statuses });
    const ready = notReady(watch.samples, faultAt, clearedAt);
    const errorLines = api.process
      .notable()
      .split('\n')
      .filter((line) => /ERROR|"level":"error"/.test(line)).length;
    return {
      name,
      mode: 'embedded',
      rate: run.sent / run.seconds,
      ...result,
      allowedLoss: 0,
      behaviour: `${note ? `${note}; ` : ''}process ${alive ? 'alive' : 'DIED'}; ${statusesDuring(run.statuses, started, faultAt, clearedAt, run.sent / run.seconds)}; ready 503 in ${ready.count} of the checks (${ready.reasons[0] ?? 'no reason'}); ${errorLines} ERROR line(s)`,
      recovery: seconds(recoveryMs(watch.samples, clearedAt)),
    };
  } finally {
    await system.stopAll();
  }
}

async function clusterDrill(name, { rate, durationMs, apiEnv, workerEnv, inject }) {
  const system = await startCluster(ROOT, { apiEnv, workerEnv });
  const [first, second] = system.apis;
  try {
    const { token, profiles } = await seed(first.baseUrl, 1);
    const [card] = profiles;
    const watch = watchReadiness(() => `${first.baseUrl}/api/health/ready`);
    const started = t0();
    const timeline = { faultAt: 0, clearedAt: 0, notes: [] };
    const fault = inject(system, timeline, { token, profileId: card.id });
    const run = await pacedLoad({
      targets: [
        { baseUrl: () => first.baseUrl, handle: card.handle },
        { baseUrl: () => second.baseUrl, handle: card.handle },
      ],
      rate,
      durationMs,
    });
    await fault;
    await sleep(2000);
    await watch.stop();
    const result = await compare({
      baseUrl: first.baseUrl,
      token,
      profileId: card.id,
      statuses: run.statuses,
    });
    const ready = notReady(watch.samples, timeline.faultAt, timeline.clearedAt);
    const deadLetters = system.worker.child
      .notable()
      .split('\n')
      .filter((l) => l.includes('dead letter')).length;
    const outageLines = [first, second]
      .flatMap((api) => api.process.notable().split('\n'))
      .filter((l) => /is unavailable|is back after/.test(l)).length;
    return {
      name,
      mode: 'cluster',
      rate: run.sent / run.seconds,
      ...result,
      allowedLoss: 0,
      behaviour: `${timeline.notes.join('; ')}${timeline.notes.length ? '; ' : ''}${statusesDuring(run.statuses, started, timeline.faultAt, timeline.clearedAt, run.sent / run.seconds)}; ready 503 in ${ready.count} checks (${ready.reasons[0] ?? 'no reason'}); ${outageLines} outage log line(s) in the apis; ${deadLetters} dead letter line(s)`,
      recovery: seconds(recoveryMs(watch.samples, timeline.clearedAt)),
    };
  } finally {
    await system.stopAll();
  }
}

const DRILLS = [
  { name: 'sigterm under load', run: () => embeddedProcessDrill('sigterm under load', 'SIGTERM') },
  { name: 'sigkill', run: () => embeddedProcessDrill('sigkill', 'SIGKILL') },
  { name: 'backup and restore', run: () => backupRestoreDrill(ROOT, 'backup and restore', RATE) },
  { name: 'disk fills', run: () => embeddedDiskDrill('disk fills', 'full') },
  { name: 'data dir read-only', run: () => embeddedDiskDrill('data dir read-only', 'readonly') },
  {
    name: `redis down ${REDIS_OUTAGE_S} s`,
    run: () =>
      clusterDrill(`redis down ${REDIS_OUTAGE_S} s`, {
        rate: REDIS_RATE,
        durationMs: (REDIS_OUTAGE_S + 10) * 1000,
        inject: async (system, timeline) => {
          await sleep(4000);
          timeline.faultAt = t0();
          await system.redis.stop();
          await sleep(REDIS_OUTAGE_S * 1000);
          timeline.clearedAt = t0();
          await system.redis.start();
        },
      }),
  },
  {
    name: 'worker killed twice',
    run: () =>
      clusterDrill('worker killed twice', {
        rate: RATE,
        durationMs: 14_000,
        workerEnv: {
          ANALYTICS_LOCK_MS: '3000',
          ANALYTICS_STALLED_INTERVAL_MS: '1000',
          ANALYTICS_BACKOFF_MS: '300',
        },
        inject: async (system, timeline) => {
          await sleep(3000);
          timeline.faultAt = t0();
          for (let cut = 0; cut < 2; cut++) {
            system.worker.child.child.kill('SIGKILL');
            await system.worker.child.exited;
            await system.worker.start();
            await sleep(1500);
          }
          timeline.clearedAt = t0();
          timeline.notes.push('worker SIGKILLed twice, restarted each time');
        },
      }),
  },
  {
    name: 'clickhouse unreachable',
    run: () =>
      clusterDrill('clickhouse unreachable', {
        rate: RATE,
        durationMs: 16_000,
        inject: async (system, timeline, owner) => {
          await sleep(3000);
          timeline.faultAt = t0();
          await system.clickhouse.stop();
          await sleep(1500);
          timeline.notes.push(
            `owner summary: ${await ownerSummaryStatus(system.apis[0].baseUrl, owner.token, owner.profileId)}`,
          );
          await sleep(8500);
          timeline.clearedAt = t0();
          await system.clickhouse.start();
          const retrying = system.worker.child
            .notable()
            .split('\n')
            .filter((l) => /store is unavailable/.test(l)).length;
          timeline.notes.push(`worker: ${retrying} "store unavailable" line(s)`);
        },
      }),
  },
];

function table(rows) {
  const header = [
    'drill',
    'mode',
    'views/s',
    'answered',
    'counted',
    'lost',
    'doubled',
    'behaviour during the fault',
    'recovery',
  ];
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of rows) {
    if (row.skipped) {
      lines.push(`| ${row.name} | ${row.mode} | | | | | | skipped: ${row.skipped} | |`);
      continue;
    }
    if (row.error) {
      lines.push(`| ${row.name} | ${row.mode ?? ''} | | | | | | FAILED TO RUN: ${row.error} | |`);
      continue;
    }
    // views still on the queue when the drill stopped waiting are not lost, and not proven stored either
    const lost =
      row.stillWaiting > 0
        ? `${row.lost} not stored yet`
        : row.allowedLoss > 0
          ? `${row.lost} (allowed ≤ ${row.allowedLoss})`
          : String(row.lost);
    const extra =
      (row.unansweredCounted > 0 ? ` (+${row.unansweredCounted} unanswered but counted)` : '') +
      (row.stillWaiting > 0
        ? ` (${row.stillWaiting} job(s) still queued after ${SETTLE_TIMEOUT_MS / 1000} s)`
        : '');
    lines.push(
      `| ${row.name} | ${row.mode} | ${Math.round(row.rate)} | ${row.answered} | ${row.counted}${extra} | ${lost} | ${row.doubled} | ${row.behaviour} | ${row.recovery} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  if (
    !existsSync(join(ROOT, 'apps/api/dist/main.js')) ||
    !existsSync(join(ROOT, 'apps/worker/dist/main.js'))
  ) {
    console.error('npm run drills needs the built product: run `npm run build` first');
    process.exit(1);
  }
  const words = process.argv.slice(2).map((w) => w.toLowerCase());
  const chosen = DRILLS.filter((d) => words.length === 0 || words.some((w) => d.name.includes(w)));
  const rows = [];
  for (const drill of chosen) {
    process.stderr.write(`drill: ${drill.name} ...\n`);
    const startedAt = Date.now();
    try {
      rows.push(await drill.run());
    } catch (error) {
      rows.push({ name: drill.name, error: String(error.message).split('\n')[0] });
      process.stderr.write(`${error.stack}\n`);
    }
    process.stderr.write(`drill: ${drill.name} done in ${seconds(Date.now() - startedAt)}\n`);
  }
  console.log(table(rows));
  const failed = rows.filter(
    (r) =>
      r.error ||
      (!r.skipped &&
        (r.lost > r.allowedLoss ||
          r.doubled > 0 ||
          r.missing?.length > 0 ||
          r.dropped > (r.allowedDropped ?? Infinity))),
  );
  if (failed.length > 0) {
    console.log(
      `\n${failed.length} drill(s) lost or doubled views, lost data, dropped requests, or did not run: ${failed.map((r) => r.name).join(', ')}`,
    );
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
