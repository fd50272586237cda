// the drills' load and count: paced views, each from a visitor of its own (a referrer host no other
// request has), and the comparison of the answers with what the owner's visits export stores, visitor by
// visitor. every drill (drills.mjs, backup-drill.mjs) sends and counts the same way.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { load } from '../bench/load.mjs';

// node's built-ins, named here so the linter knows where they come from
const { fetch, AbortSignal } = globalThis;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const TICK_MS = 100;
// how long the drill waits for the backlog to be stored after the load (a busy machine drains slowly)
export const SETTLE_TIMEOUT_MS = Number(process.env.DRILL_SETTLE_S ?? 600) * 1000;

export const t0 = () => performance.now();
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** visitor i's request: a card read with a referrer host no other request has */
function visitorRequest(handle, i) {
  const ref = encodeURIComponent(`https://v${i}.drill.test/`);
  return {
    path: `/api/public/profiles/${handle}?ref=${ref}`,
    headers: { 'user-agent': IPHONE, accept: 'application/json' },
  };
}

export const perTickOf = (rate) => Math.max(1, Math.round((rate * TICK_MS) / 1000));

/**
 * paced load: every TICK_MS the next rate/10 visitors, spread over the targets; what a tick cannot
 * send in time slows the rate rather than piling up. returns the status each visitor got (0: no answer)
 * the wall-clock time by which its answer had come (answeredBy) and before which it was sent (sentAfter),
 * and the requests that found no server (refused) or lost their connection under them (dropped)
 */
export async function pacedLoad({ targets, rate, durationMs, firstVisitor = 0 }) {
  const statuses = [];
  const sentAfter = [];
  const answeredBy = [];
  const broken = { refused: 0, dropped: 0 };
  const perTick = perTickOf(rate);
  const started = t0();
  let next = firstVisitor;
  while (t0() - started < durationMs) {
    const tickStart = t0();
    const tickSent = Date.now();
    const visitors = Array.from({ length: perTick }, () => next++);
    await Promise.all(
      targets.map(async (target, t) => {
        const mine = visitors.filter((v) => v % targets.length === t);
        if (mine.length === 0) return;
        const run = await load({
          baseUrl: target.baseUrl(),
          requests: mine.map((v) => visitorRequest(target.handle, v)),
          connections: Math.min(8, mine.length),
          amount: mine.length,
          maxSeconds: 15,
        });
        const answered = Date.now();
        mine.forEach((v, k) => {
          statuses[v - firstVisitor] = run.okByRequest[k] > 0 ? 200 : 0;
          sentAfter[v - firstVisitor] = tickSent;
          answeredBy[v - firstVisitor] = answered;
        });
        broken.refused += run.refused;
        broken.dropped += run.dropped;
      }),
    );
    const spent = t0() - tickStart;
    if (spent < TICK_MS) await sleep(TICK_MS - spent);
  }
  return {
    statuses,
    sentAfter,
    answeredBy,
    ...broken,
    sent: next - firstVisitor,
    seconds: (t0() - started) / 1000,
  };
}

/** readiness of one api every 250 ms while the drill runs: when it was not ready, and why */
export function watchReadiness(baseUrl) {
  const samples = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const at = t0();
      try {
        const response = await fetch(baseUrl(), { signal: AbortSignal.timeout(2000) });
        const body = await response.json().catch(() => ({}));
        samples.push({ at, status: response.status, reason: body.reasons?.[0] ?? '' });
      } catch {
        samples.push({ at, status: 0, reason: 'no answer' });
      }
      await sleep(250);
    }
  })();
  return {
    samples,
    /** resolves once readiness answered 200 at or after `from` (30 s at most) */
    async readyAgain(from) {
      const deadline = t0() + 30_000;
      while (!samples.some((s) => s.at >= from && s.status === 200) && t0() < deadline) await sleep(50);
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

/** the views each visitor has in the store, from the owner's visits export */
export async function storedByVisitor(baseUrl, token, profileId) {
  const from = new Date(Date.now() - 86_400_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const response = await fetch(
    `${baseUrl}/api/profiles/${profileId}/analytics/visits.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  if (!response.ok) return null;
  const counts = new Map();
  for (const line of (await response.text()).split('\n').slice(1)) {
    const match = /v(\d+)\.drill\.test"?\s*$/.exec(line);
    if (match) counts.set(Number(match[1]), (counts.get(Number(match[1])) ?? 0) + 1);
  }
  return counts;
}

/** what readiness says is still on its way: jobs on the queue, events in memory and in the journal */
export async function pending(readyUrl) {
  try {
    const response = await fetch(readyUrl, { signal: AbortSignal.timeout(3000) });
    const { analytics } = await response.json();
    return (analytics?.backlog ?? 0) + (analytics?.buffered ?? 0) + (analytics?.journal?.events ?? 0);
  } catch {
    return NaN;
  }
}

/**
 * waits until nothing is on its way any more (no backlog, nothing buffered or journaled) and the
 * stored rows stop moving, then compares them with the answers, visitor by visitor
 */
export async function compare({ baseUrl, token, profileId, statuses, firstVisitor = 0 }) {
  const answered = statuses.filter((s) => s === 200).length;
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let counts = new Map();
  let total = -1;
  let stillSince = Date.now();
  let waiting = NaN;
  while (Date.now() < deadline) {
    waiting = await pending(`${baseUrl}/api/health/ready`);
    const read = await storedByVisitor(baseUrl, token, profileId).catch(() => null);
    if (read) {
      const now = [...read.values()].reduce((a, b) => a + b, 0);
      if (now !== total) stillSince = Date.now();
      total = now;
      counts = read;
      if (waiting === 0 && Date.now() - stillSince > 3000) break;
      if (waiting === 0 && Date.now() - stillSince > 20_000) break;
    }
    await sleep(1000);
  }
  let lost = 0;
  let doubled = 0;
  let unansweredCounted = 0;
  statuses.forEach((status, k) => {
    const stored = counts.get(firstVisitor + k) ?? 0;
    if (status === 200 && stored === 0) lost++;
    if (stored > 1) doubled += stored - 1;
    if (status !== 200 && stored > 0) unansweredCounted++;
  });
  return {
    answered,
    counted: [...counts.values()].reduce((a, b) => a + b, 0),
    lost,
    doubled,
    unansweredCounted,
    // not stored when the drill gave up waiting: still on the queue, not lost
    stillWaiting: waiting,
  };
}
