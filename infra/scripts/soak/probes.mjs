// what the soak reads of each process it started, every few seconds: resident memory and open file
// descriptors from /proc, the V8 heap in use and the event loop's delay from the process's own
// Prometheus metrics (prom-client's defaults). prom-client starts its event-loop histogram afresh at
// every read, so each reading's p99 covers the seconds since the one before.
import { existsSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { rssMb } from '../bench/product.mjs';

const METRICS_TIMEOUT_MS = 5_000;

function sample(text, name) {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `) || entry.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
}

/** the metrics text; a connection of its own, closed after the answer, so it holds no socket open */
function readMetrics(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { connection: 'close' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () =>
        response.statusCode === 200 ? resolve(text) : reject(new Error(`${url}: ${response.statusCode}`)),
      );
      response.on('error', reject);
    });
    request.setTimeout(METRICS_TIMEOUT_MS, () => request.destroy(new Error(`${url} timed out`)));
    request.on('error', reject);
  });
}

/** what an open descriptor is: a socket, a pipe, an epoll or event fd, a file under /proc, another file */
function kindOf(target) {
  if (target.startsWith('socket:')) return 'socket';
  if (target.startsWith('pipe:')) return 'pipe';
  if (target.startsWith('anon_inode:')) return 'anon_inode';
  if (target.startsWith('/proc/')) return '/proc';
  return 'file';
}

// the embedded analytics engine reads a thread's own counters while it runs a query: three files of
// /proc per thread at work (stat, schedstat, io), opened when a job starts and closed when it ends.
// their count is how many engine threads are at work at the reading, not something held; what
// would be a leak is such a file still open once its thread has ended
const THREAD_HANDLE = /^\/proc\/\d+\/task\/(\d+)\//;

/** a thread's handle found open whose thread has ended: it is still open, on the same file, after */
function staleThreadHandle(pid, fd, target) {
  const tid = THREAD_HANDLE.exec(target)?.[1];
  if (!tid || existsSync(`/proc/${pid}/task/${tid}`)) return false;
  try {
    return readlinkSync(`/proc/${pid}/fd/${fd}`) === target;
  } catch {
    return false;
  }
}

/**
 * the open descriptors, by kind, so that a count that moves says what moved; `held`: all but the
 * engine's thread handles; `stale`: thread handles left open by a thread that has ended
 */
function openFds(pid) {
  const kinds = {};
  let count = 0;
  let threadHandles = 0;
  let stale = 0;
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      count++;
      let target = '';
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        // closed between the listing and the look
      }
      const kind = kindOf(target);
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      if (THREAD_HANDLE.test(target)) {
        threadHandles++;
        if (staleThreadHandle(pid, fd, target)) stale++;
      }
    }
  } catch {
    return { count: NaN, held: NaN, stale: NaN, kinds };
  }
  return { count, held: count - threadHandles, stale, kinds };
}

/** the process's threads */
function threadsOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).length;
  } catch {
    return NaN;
  }
}

/** a metric summed over its samples whose labels include `match` */
function sum(text, name, match = '') {
  let total = 0;
  for (const line of text.split('\n')) {
    if ((line.startsWith(`${name}{`) || line.startsWith(`${name} `)) && line.includes(match)) {
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

/**
 * starts the process's peak resident memory (VmHWM) afresh, so that the peak read later is the load's
 * and not the seeding's (a sign-up's scrypt takes 128 MiB for a moment); false where Linux refuses
 */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** one process of the product: its name, its pid (read each time) and its metrics address */
export class ProcessProbe {
  constructor(name, pidOf, metricsUrl) {
    this.name = name;
    this.pidOf = pidOf;
    this.metricsUrl = metricsUrl;
  }

  /** /proc first, then the metrics: the metrics request's own socket is not among the fds counted */
  async read() {
    const pid = this.pidOf();
    const { rss, peak } = rssMb(pid);
    const { count: fds, held: fdsHeld, stale: staleThreadHandles, kinds: fdKinds } = openFds(pid);
    const threads = threadsOf(pid);
    let heapMb = NaN;
    let heapLiveMb = NaN;
    let heapTotalMb = NaN;
    let loopP99Ms = NaN;
    // the events this process recorded and the rows it stored (the worker's, or the embedded api's)
    let recorded = NaN;
    let stored = NaN;
    try {
      const text = await readMetrics(this.metricsUrl);
      heapMb = sample(text, 'nodejs_heap_size_used_bytes') / 2 ** 20;
      // what was alive after the last full collection (absent before the first)
      heapLiveMb = sample(text, 'nodejs_heap_live_bytes') / 2 ** 20;
      // what V8 holds from the system for its heap, used or not: part of the resident memory
      heapTotalMb = sample(text, 'nodejs_heap_size_total_bytes') / 2 ** 20;
      loopP99Ms = sample(text, 'nodejs_eventloop_lag_p99_seconds') * 1000;
      recorded = sum(text, 'cardcraft_analytics_events_recorded_total');
      stored = sum(text, 'cardcraft_analytics_rows_inserted_total');
    } catch {
      // a reading without the metrics: the figures from /proc still count
    }
    return {
      rssMb: rss,
      peakRssMb: peak,
      fds,
      fdsHeld,
      staleThreadHandles,
      threads,
      fdKinds,
      heapMb,
      heapLiveMb,
      heapTotalMb,
      loopP99Ms,
      recorded,
      stored,
    };
  }
}

const finite = (values) => values.filter(Number.isFinite);
const maxOf = (values) => (finite(values).length ? Math.max(...finite(values)) : NaN);
const minOf = (values) => (finite(values).length ? Math.min(...finite(values)) : NaN);

/**
 * one process's minute from its readings: the highest resident memory; the lowest heap in use; the
 * heap alive after the minute's last full collection (what stays alive: a leak raises it, where the
 * heap in use also holds the garbage promoted since, which V8 lets grow by tens of MB before it
 * collects); the fewest open files (what stays
 * open: a merge in the analytics engine or a request in flight holds some for a moment; a leak raises
 * it) and the most; the worst event-loop p99 of the readings' windows
 */
export function minuteOf(readings) {
  const fds = minOf(readings.map((r) => r.fds));
  const fdsMax = maxOf(readings.map((r) => r.fds));
  const fdsHeld = minOf(readings.map((r) => r.fdsHeld));
  return {
    readings: readings.length,
    // what is held open, the engine's thread handles apart (see THREAD_HANDLE), and the kinds then
    fdsHeld,
    fdKindsHeld: readings.find((r) => r.fdsHeld === fdsHeld)?.fdKinds ?? {},
    staleThreadHandles: maxOf(readings.map((r) => r.staleThreadHandles)),
    threadsMax: maxOf(readings.map((r) => r.threads)),
    rssMb: maxOf(readings.map((r) => r.rssMb)),
    heapMb: minOf(readings.map((r) => r.heapMb)),
    heapLiveMb: finite(readings.map((r) => r.heapLiveMb)).at(-1) ?? NaN,
    fds,
    fdsMax,
    fdKinds: readings.find((r) => r.fds === fds)?.fdKinds ?? {},
    fdKindsAtMost: readings.find((r) => r.fds === fdsMax)?.fdKinds ?? {},
    loopP99Ms: maxOf(readings.map((r) => r.loopP99Ms)),
  };
}

/**
 * the pipeline's own counts over every process, the seeding's events included: views the apis
 * recorded, events handed to the queue and dropped, rows stored, failed tries, dead letters
 */
export async function pipelineCounts(probes) {
  const texts = await Promise.all(probes.map((probe) => readMetrics(probe.metricsUrl).catch(() => '')));
  const over = (name, match) => texts.reduce((total, text) => total + sum(text, name, match), 0);
  return {
    viewsRecorded: over('cardcraft_analytics_events_recorded_total', 'type="view"'),
    eventsRecorded: over('cardcraft_analytics_events_recorded_total'),
    enqueued: over('cardcraft_analytics_buffer_enqueued_events_total'),
    dropped: over('cardcraft_analytics_buffer_dropped_events_total'),
    rowsStored: over('cardcraft_analytics_rows_inserted_total'),
    failedTries: over('cardcraft_analytics_job_failures_total'),
    // the queue is one, seen from every process: the largest reading
    deadLetters: Math.max(
      0,
      ...texts.map((text) => sum(text, 'cardcraft_analytics_queue_jobs', 'state="dead"')),
    ),
  };
}
