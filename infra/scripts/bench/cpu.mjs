// the cpu a process spent, by thread, from /proc: what npm run bench divides by the requests or the
// views of a phase. schedstat gives each thread's time on a cpu in nanoseconds (stat's ticks are
// 10 ms, too coarse for a short phase), and a thread's name says whose it is.
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** each thread of the process: its name and the nanoseconds it has run */
export function threadTimes(pid) {
  const threads = new Map();
  let tids;
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      threads.set(tid, { name, ns });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return threads;
}

/**
 * the cpu spent between two readings, in microseconds: by the main thread (the JavaScript that
 * answers requests), and by every other thread (node's helpers and the collector, and in the embedded
 * product the analytics engine's parsing, inserts and merges). a thread gone since the first reading
 * counts what it ran until then as spent before it.
 */
export function cpuBetween(pid, before, after) {
  let main = 0;
  let other = 0;
  for (const [tid, thread] of after) {
    const spent = (thread.ns - (before.get(tid)?.ns ?? 0)) / 1000;
    if (tid === String(pid)) main += spent;
    else other += spent;
  }
  return { main, other, total: main + other };
}

/** reads the process's threads now; call the result to get the cpu spent since */
export function cpuMeter(pid) {
  const before = threadTimes(pid);
  return () => cpuBetween(pid, before, threadTimes(pid));
}

/**
 * waits until the process is nearly idle: less than `idleShare` of one core over `windowMs`, for
 * instance once the analytics engine's merges after an insert are done; `timeoutMs` at most. returns
 * how long it waited, in milliseconds.
 */
export async function awaitQuiet(pid, { idleShare = 0.1, windowMs = 250, timeoutMs = 15_000 } = {}) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const meter = cpuMeter(pid);
    await sleep(windowMs);
    if (meter().total < idleShare * windowMs * 1000) break;
  }
  return performance.now() - started;
}
