#!/usr/bin/env node
// npm run soak: the product under a fixed mix for a long time (20 minutes by default), the embedded
// product and then the cluster's configuration, each on loopback (drills/launcher.mjs starts them and
// stops every process it started, whatever happens). card views with a visitor and a referrer each,
// engagement events, messages left through the card's form, owners reloading their dashboards; every
// few seconds each process's resident memory, heap, open files and event-loop delay; a row per process
// and minute, then a verdict: after the warm-up, memory within ±10 % and open files flat, and every view
// answered counted on the owners' dashboards. exit 0: every goal met, 1: one missed, 2: the run failed.
// outside npm test. the figures also go to .cache/soak-<mode>-<time>.json.
//
//   npm run soak                                              both modes, 20 minutes each
//   SOAK_MINUTES=3 SOAK_WARMUP_MINUTES=1 SOAK_MODES=cluster npm run soak
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { analyticsRange, api, awaitViews, seed } from './bench/product.mjs';
import { startCluster, startEmbedded } from './drills/launcher.mjs';
import { minuteOf, pipelineCounts, ProcessProbe, resetPeak } from './soak/probes.mjs';
import {
  GOALS,
  judge,
  measuredOnly,
  MINUTE_HEADER,
  minuteRows,
  totals,
  verdictTable,
} from './soak/report.mjs';
import { MIX, Traffic } from './soak/traffic.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MODES = ['embedded', 'cluster'];
// each process read this often: twelve readings a minute, halfway between the minute's edges
const SAMPLE_MS = 5_000;
// after the load, how long the owners' dashboards may take to count every view (while they progress)
const COUNT_TIMEOUT_MS = 600_000;
const COUNT_STALL_MS = 30_000;
const COUNT_SETTLE_MS = 2_000;
// a mode that overruns its minutes by this much is stopped: something hangs
const OVERRUN_MS = 15 * 60_000;

function options(env) {
  const number = (name, fallback) => {
    const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
    return value;
  };
  const minutes = number('SOAK_MINUTES', 20);
  const warmup = env.SOAK_WARMUP_MINUTES === '0' ? 0 : number('SOAK_WARMUP_MINUTES', 2);
  const modes = (env.SOAK_MODES ?? MODES.join(','))
    .split(',')
    .map((mode) => mode.trim())
    .filter(Boolean);
  if (!Number.isInteger(minutes) || !Number.isInteger(warmup) || warmup >= minutes) {
    throw new Error(
      'SOAK_MINUTES and SOAK_WARMUP_MINUTES are whole minutes, the warm-up shorter than the run',
    );
  }
  const unknown = modes.filter((mode) => !MODES.includes(mode));
  if (modes.length === 0 || unknown.length > 0)
    throw new Error(`SOAK_MODES: ${MODES.join(', ')}, not ${unknown}`);
  return { minutes, warmup, modes, rate: number('SOAK_RATE', 150) };
}

/**
 * the product in `mode`, each process with its metrics, the soak's visitors' addresses believed; each
 * mode as it is deployed: the embedded product at its own log level (the launcher's is the cluster's, a
 * line a request), the cluster's apis with the compose file's buffer window
 */
function start(mode) {
  const trustSoak = { TRUST_PROXY: '127.0.0.1' };
  return mode === 'embedded'
    ? startEmbedded(ROOT, { metrics: true, env: { ...trustSoak, LOG_LEVEL: 'warn' } })
    : startCluster(ROOT, { metrics: true, apiEnv: { ...trustSoak, ANALYTICS_FLUSH_MS: '250' } });
}

function probesOf(system) {
  const probes = system.apis.map(
    (api) => new ProcessProbe(api.name, () => api.process.child.pid, api.metricsUrl),
  );
  if (system.worker) {
    probes.push(new ProcessProbe('worker', () => system.worker.child.child.pid, system.worker.metricsUrl));
  }
  return probes;
}

async function readAll(probes) {
  const figures = {};
  for (const probe of probes) figures[probe.name] = await probe.read();
  return figures;
}

/** reads every process every SAMPLE_MS from the load's start, each round filed under its minute */
function startSampler(probes, startedAt) {
  const rounds = [];
  let stopped = false;
  const done = (async () => {
    for (let round = 0; !stopped; round++) {
      const due = startedAt + SAMPLE_MS / 2 + round * SAMPLE_MS;
      await sleep(Math.max(0, due - performance.now()));
      if (stopped) break;
      rounds.push({
        atS: (due - startedAt) / 1000,
        minute: Math.floor((due - startedAt) / 60_000),
        figures: await readAll(probes),
      });
    }
  })();
  return {
    /** the minute's figures by process, once its last round is in */
    async minute(index) {
      const perMinute = 60_000 / SAMPLE_MS;
      while (rounds.filter((round) => round.minute === index).length < perMinute) await sleep(100);
      const mine = rounds.filter((round) => round.minute === index);
      const last = Object.values(mine.at(-1).figures);
      return {
        processes: Object.fromEntries(
          probes.map((probe) => [probe.name, minuteOf(mine.map((round) => round.figures[probe.name]))]),
        ),
        // events recorded and not stored yet at the minute's last reading: growing, the store lags
        backlog:
          last.reduce((total, f) => total + f.recorded, 0) - last.reduce((total, f) => total + f.stored, 0),
      };
    },
    /** every reading, for the JSON file: how memory moved within the minutes */
    samples() {
      return rounds.map(({ atS, figures }) => ({
        atS,
        ...Object.fromEntries(
          Object.entries(figures).map(([name, f]) => [
            name,
            {
              rssMb: f.rssMb,
              heapMb: f.heapMb,
              heapLiveMb: f.heapLiveMb,
              heapTotalMb: f.heapTotalMb,
              fds: f.fds,
              loopP99Ms: f.loopP99Ms,
            },
          ]),
        ),
      }));
    },
    async stop() {
      stopped = true;
      await done;
    },
  };
}

// the system of the mode under way (a promise: a signal may come while it starts)
let running = null;

/** the cards whose dashboard count differs from the views their visitors got answered */
async function cardsCountedOff(baseUrl, owners, traffic, from) {
  const off = [];
  for (const owner of owners) {
    for (const profile of owner.profiles) {
      const summary = await api(
        baseUrl,
        'GET',
        `/api/profiles/${profile.id}/analytics/summary?${analyticsRange(from)}`,
        { token: owner.token, expect: 200 },
      );
      const answered = traffic.okViewsByCard.get(profile.id);
      if (summary.totalVisits !== answered) {
        off.push({ handle: profile.handle, answered, counted: summary.totalVisits });
      }
    }
  }
  return off;
}

async function soak(mode, { minutes, warmup, rate }) {
  const startedAtUtc = new Date();
  const machine = { node: process.version, cores: cpus().length, cpu: cpus()[0]?.model.trim() };
  console.log(
    `\nsoak, ${mode}: ${minutes} min (${warmup} of warm-up) at ${rate} views/s; per 100 views ` +
      `${MIX.eventsPerView * 100} engagement events and ${MIX.messagesPerView * 100} message(s); ` +
      `${MIX.owners} owners with ${MIX.cardsPerOwner} cards each reload their dashboard every ` +
      `${MIX.dashboardEverySeconds} s. node ${machine.node}, ${machine.cores} cores (${machine.cpu}), ` +
      `load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
  );
  running = start(mode);
  const system = await running;
  try {
    const [first] = system.apis;
    const owners = [];
    for (let i = 0; i < MIX.owners; i++) owners.push(await seed(first.baseUrl, MIX.cardsPerOwner));
    const probes = probesOf(system);
    const restFigures = await readAll(probes);
    const rest = Object.fromEntries(Object.entries(restFigures).map(([name, f]) => [name, f.rssMb]));
    const peakSinceLoad = probes.map((probe) => resetPeak(probe.pidOf())).every(Boolean);
    const from = new Date(Date.now() - 60_000);

    const traffic = new Traffic({ apis: system.apis, owners, rate });
    const load = traffic.run(minutes * 60);
    const sampler = startSampler(probes, traffic.startedAt);
    console.log(`\n${MINUTE_HEADER}`);
    const perMinute = [];
    try {
      for (let index = 0; index < minutes; index++) {
        await traffic.settledMinute(index);
        const { processes, backlog } = await sampler.minute(index);
        const served = Object.fromEntries(traffic.minuteSummary(index));
        perMinute.push({ minute: index + 1, warmup: index < warmup, processes, backlog, traffic: served });
        console.log(minuteRows({ minute: index, warmup, processes, backlog, traffic: served }).join('\n'));
      }
    } finally {
      traffic.stop();
      await load;
      await sampler.stop();
      traffic.close();
    }

    // the owners' dashboards: each card must count exactly the views its visitors got answered
    const since = performance.now();
    let counted = 0;
    let countLagMs = 0;
    for (const owner of owners) {
      const expectations = owner.profiles.map((profile) => ({
        profile,
        views: traffic.okViewsByCard.get(profile.id),
      }));
      const result = await awaitViews(first.baseUrl, owner.token, expectations, {
        from,
        timeoutMs: COUNT_TIMEOUT_MS,
        stallMs: COUNT_STALL_MS,
        settleMs: COUNT_SETTLE_MS,
        since,
      });
      counted += result.counted;
      countLagMs = Number.isFinite(result.lagMs) ? Math.max(countLagMs, result.lagMs) : NaN;
    }
    const answered = [...traffic.okViewsByCard.values()].reduce((total, views) => total + views, 0);
    const cardsOff = counted === answered ? [] : await cardsCountedOff(first.baseUrl, owners, traffic, from);
    const pipeline = await pipelineCounts(probes);
    const endFigures = await readAll(probes);
    const peak = Object.fromEntries(Object.entries(endFigures).map(([name, f]) => [name, f.peakRssMb]));

    const verdict = judge({ minutes: perMinute, warmup, counted });
    console.log(`\n${verdictTable(verdict)}\n`);
    console.log(measuredOnly({ minutes: perMinute, warmup, rest, peak, peakSinceLoad }));
    console.log(
      `- the pipeline's own counts (the seeding's events too): ${Object.entries(pipeline)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ')}`,
    );
    for (const card of cardsOff) {
      console.log(`- ${card.handle}: ${card.answered} views answered 2xx, ${card.counted} counted`);
    }
    console.log(
      `- every view counted ${Number.isFinite(countLagMs) ? `${(countLagMs / 1000).toFixed(1)} s` : 'never'} after the load ended`,
    );
    const pass = verdict.every((row) => row.pass);
    const file = join(
      ROOT,
      '.cache',
      `soak-${mode}-${startedAtUtc.toISOString().slice(0, 16).replace(':', '-')}.json`,
    );
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          mode,
          startedAt: startedAtUtc.toISOString(),
          machine: { ...machine, loadAverageAtEnd: loadavg() },
          options: { minutes, warmup, rate, sampleSeconds: SAMPLE_MS / 1000 },
          mix: MIX,
          goals: GOALS,
          restRssMb: rest,
          peakRssMb: peak,
          peakSinceLoad,
          minutes: perMinute,
          samples: sampler.samples(),
          totals: totals(perMinute),
          counted,
          countLagMs,
          pipeline,
          cardsOff,
          verdict,
          pass,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`figures: ${relative(ROOT, file)}`);
    return pass;
  } finally {
    running = null;
    await system.stopAll();
  }
}

async function main() {
  let chosen;
  try {
    chosen = options(process.env);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  for (const file of [
    'apps/api/dist/main.js',
    'apps/worker/dist/main.js',
    'apps/web/dist-ssr/render-card.js',
  ]) {
    if (!existsSync(join(ROOT, file))) {
      console.error(`${file} is missing: run \`npm run build\` first (npm run soak does)`);
      process.exit(2);
    }
  }
  const stopAndExit = async (code, why) => {
    console.error(`\n${why}: stopping every process the soak started`);
    const system = await running?.catch(() => null);
    await system?.stopAll().catch(() => undefined);
    process.exit(code);
  };
  process.once('SIGINT', () => stopAndExit(130, 'SIGINT'));
  process.once('SIGTERM', () => stopAndExit(143, 'SIGTERM'));
  const budgetMs = chosen.modes.length * (chosen.minutes * 60_000 + OVERRUN_MS);
  setTimeout(() => stopAndExit(2, `still running after ${budgetMs / 60_000} minutes`), budgetMs).unref();

  let allPass = true;
  let failed = false;
  for (const mode of chosen.modes) {
    try {
      allPass = (await soak(mode, chosen)) && allPass;
    } catch (error) {
      // the next mode still runs: its figures stand on their own
      console.error(`soak, ${mode}: the run failed: ${error.stack}`);
      failed = true;
    }
  }
  process.exitCode = failed ? 2 : allPass ? 0 : 1;
}

await main();
