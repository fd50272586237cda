#!/usr/bin/env node
// a team's analytics summary read by its admins at once: the measurement npm run bench:analytics
// makes through the api (GET /api/teams/{id}/analytics/summary), and, run on its own or where that
// route is not there, in this process on the product's read service over the same store:
//
//   npx tsc -p libs/analytics && node infra/scripts/bench/team-reads.mjs
//
// on its own it seeds a temporary chDB with 10 million events over 1000 cards per scale
// (ANALYTICS_BENCH_SCALES, default "1"), every card over the last 90 days, then reads the team's
// summary for 30 and 90 days: first every admin at once (nothing of the team kept yet: the slowest
// is reported), then the 8 admins each reading again and again. ANALYTICS_TEAM_DATA_DIR keeps the
// seeded store there and reuses it on the next run. each read ends with the answer made into JSON,
// which the api would send. ANALYTICS_TEAM_READS_MODE=cluster reads as the cluster's api does (it does
// not see every write, so today's latest events are read on every summary), on chDB still.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';
import {
  analyticsModule,
  countEvents,
  mergesDone,
  openStore,
  seedTeamEvents,
  TEAM_LINK_TARGETS,
} from './analytics-store.mjs';
import { ms, stats } from './latency.mjs';

export const TEAM_CARDS = 1000;
export const TEAM_ADMINS = 8;
const REQUESTS_PER_ADMIN = 25;
/** the goal: the team summary's p95 with 8 admins at once, at 10 million events over 1000 cards */
export const TEAM_GOAL_P95_MS = 150;
const DAY_MS = 86_400_000;

export const teamEventsAt = (scale) => Math.round(10_000_000 * scale);

/** the last `days` days up to now */
export function lastDays(days) {
  const to = new Date();
  return { from: new Date(to.getTime() - days * DAY_MS), to };
}

/**
 * `read(admin, days)` (resolving once the answer is in hand) for 30 and 90 days: every admin's first
 * read at once, then each admin REQUESTS_PER_ADMIN times in turn, all admins at the same time
 */
export async function measureTeamReads(read, admins = TEAM_ADMINS) {
  const rows = [];
  for (const days of [30, 90]) {
    const timed = async (admin) => {
      const started = performance.now();
      await read(admin, days);
      return performance.now() - started;
    };
    const firstStarted = performance.now();
    const first = stats(
      await Promise.all(Array.from({ length: admins }, (_, admin) => timed(admin))),
      performance.now() - firstStarted,
    );
    const times = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: admins }, async (_, admin) => {
        for (let i = 0; i < REQUESTS_PER_ADMIN; i++) times.push(await timed(admin));
      }),
    );
    rows.push({
      label: `team summary, last ${days} days`,
      first,
      together: stats(times, performance.now() - started),
    });
  }
  return rows;
}

export function printTeamTable(events, cards, rows, how) {
  console.log('');
  console.log(
    `${events.toLocaleString('en')} events over ${cards} cards (${how}): the goal is p95 <= ${TEAM_GOAL_P95_MS} ms with ${TEAM_ADMINS} admins at once`,
  );
  console.log(
    `| read | first read, ${TEAM_ADMINS} at once, slowest | ${TEAM_ADMINS} admins p50 | p95 | p97.5 | req/s | goal p95 | held |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { label, first, together } of rows) {
    console.log(
      `| ${label} | ${ms(first.max)} | ${ms(together.p50)} | ${ms(together.p95)} | ${ms(together.p975)} | ` +
        `${together.perSecond.toFixed(1)} | <= ${TEAM_GOAL_P95_MS} ms | ${together.p95 <= TEAM_GOAL_P95_MS ? 'yes' : 'no'} |`,
    );
  }
}

/** each team card's parts that hold links, as a card made from the bench's template has them */
const LINK_OWNERS = [{ id: 'links', kind: 'block', label: 'Links', urls: TEAM_LINK_TARGETS }];

/**
 * the team's summary in this process, as the api's embedded mode reads it: the read service over
 * the store with its write log. call close() when done (it holds the data directory's chDB)
 */
export function inProcessTeamReader(dataDir, cardIds, { cluster = false } = {}) {
  const { EmbeddedWriteLog } = analyticsModule('adapters/write-log/embedded-write-log.js');
  const { withWriteLog, withoutWriteLog } = analyticsModule('adapters/write-log/write-logging-store.js');
  const { AnalyticsReadService } = analyticsModule('read/analytics-read.service.js');
  // the cluster's api does not see every write: today's latest events are read on every summary
  const store = cluster
    ? withoutWriteLog(openStore(dataDir))
    : withWriteLog(openStore(dataDir), new EmbeddedWriteLog());
  const service = new AnalyticsReadService(store, store);
  const cards = cardIds.map((profileId) => ({ profileId, linkOwners: LINK_OWNERS }));
  return {
    read: async (_admin, days) => JSON.stringify(await service.teamSummary(cards, lastDays(days))),
    close: () => store.close(),
  };
}

/** the team's cards where no api made them: ids shaped like the product's */
export function benchCardIds(count = TEAM_CARDS) {
  const run = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return Array.from({ length: count }, (_, i) => `${run}bench${i.toString(16).padStart(11, '0')}`);
}

/** the team's events into the store of a data directory; the seconds it took and what it holds */
export async function seedTeam(dataDir, cardIds, events) {
  const store = openStore(dataDir);
  const started = performance.now();
  try {
    await store.migrate();
    await seedTeamEvents(store, cardIds, events);
    // the reads are timed once the merges the inserts leave are done, as in a store that has run a while
    const settled = await mergesDone(store, 180_000 * Math.max(1, events / 10_000_000));
    return { seconds: (performance.now() - started) / 1000, settled, events: await countEvents(store) };
  } finally {
    await store.close();
  }
}

async function main() {
  const scales = (process.env.ANALYTICS_BENCH_SCALES ?? '1').split(',').map(Number);
  // chdb's queries run on native threads that do not hold node's event loop open on their own
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    for (const scale of scales) {
      const kept = process.env.ANALYTICS_TEAM_DATA_DIR;
      const dataDir = kept
        ? resolve(kept, `scale-${scale}`)
        : mkdtempSync(join(tmpdir(), 'cardcraft-team-reads-'));
      const idsFile = join(dataDir, 'cards.json');
      try {
        console.log(
          `machine: ${cpus().length} cores, load average ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
        );
        let cardIds;
        if (existsSync(idsFile)) {
          cardIds = JSON.parse(readFileSync(idsFile, 'utf8'));
          console.log(`reusing the team seeded in ${dataDir}`);
        } else {
          mkdirSync(dataDir, { recursive: true });
          cardIds = benchCardIds();
          const seeded = await seedTeam(dataDir, cardIds, teamEventsAt(scale));
          writeFileSync(idsFile, JSON.stringify(cardIds));
          console.log(
            `seeded ${seeded.events.toLocaleString('en')} events over ${cardIds.length} cards in ${seeded.seconds.toFixed(1)} s ` +
              `(merges done ${seeded.settled.seconds.toFixed(1)} s in, ${seeded.settled.activeParts} active parts)`,
          );
        }
        const cluster = process.env.ANALYTICS_TEAM_READS_MODE === 'cluster';
        const reader = inProcessTeamReader(dataDir, cardIds, { cluster });
        try {
          const rows = await measureTeamReads(reader.read);
          console.log(
            `load average after: ${loadavg()
              .map((l) => l.toFixed(2))
              .join(' ')}`,
          );
          const how = cluster
            ? "read in process on chDB as the cluster's api reads: no write log, today's latest events read each time"
            : 'read in process, embedded store';
          printTeamTable(teamEventsAt(scale), cardIds.length, rows, how);
        } finally {
          await reader.close();
        }
      } finally {
        if (!kept) rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    clearInterval(keepAlive);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
