import { constants, PerformanceObserver } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * the heap in use right after the process's last full collection, NaN before the first: what stays
 * alive. the heap in use at any other moment also holds the garbage promoted since, which V8 lets
 * grow by tens of MB before it collects, so it cannot tell a leak from a collection not yet due.
 * one observer for the process, however many registries read it
 */
let liveHeapBytes = NaN;
let liveHeapObserved = false;

function observeLiveHeap(): void {
  if (liveHeapObserved) return;
  liveHeapObserved = true;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // a gc entry's detail says which collection it was (node's types do not name it)
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) liveHeapBytes = process.memoryUsage().heapUsed;
    }
  }).observe({ entryTypes: ['gc'] });
}

/** the producer buffer's counts, read at each scrape */
export interface BufferFigures {
  buffered: number;
  enqueued: number;
  dropped: number;
  failedFlushes: number;
}

/** the analytics queue's state, read at each scrape */
export interface QueueFigures {
  waiting: number;
  active: number;
  /** failed tries waiting for their backoff */
  retrying: number;
  dead: number;
  /** how long the oldest job not yet taken has waited, in seconds (0: none waits) */
  oldestAgeSeconds: number;
}

const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const INSERT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * one process's Prometheus metrics: the node process (memory, event-loop lag, cpu, handles), the HTTP
 * requests by route and status, the public card's reads, and the analytics pipeline (events recorded,
 * the producer buffer, the queue, batches and rows inserted, insert latency, failed tries, dead letters).
 * every metric has the label service (api, worker).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly cardReads: Counter<'route' | 'status_code'>;
  private readonly eventsRecorded: Counter<'type'>;
  private readonly batchesInserted: Counter;
  private readonly rowsInserted: Counter;
  private readonly insertDuration: Histogram<'outcome'>;
  private readonly jobFailures: Counter<'job'>;
  private readonly backups: Counter<'outcome'>;
  private readonly lastBackup: Gauge;
  private bufferWatched = false;
  private queueWatched = false;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    const registers = [this.registry];
    observeLiveHeap();
    new Gauge({
      name: 'nodejs_heap_live_bytes',
      help: 'the V8 heap in use right after the last full (mark-compact) collection: what stays alive; absent before the first',
      // a label, so that the series can be absent (an unlabelled gauge always shows a value)
      labelNames: ['after'],
      registers,
      collect() {
        this.reset();
        if (Number.isFinite(liveHeapBytes)) this.set({ after: 'full-gc' }, liveHeapBytes);
      },
    });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests answered, by method, route (the pattern, never the raw path) and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.cardReads = new Counter({
      name: 'cardcraft_public_card_reads_total',
      help: "public card reads: the card's page and its JSON, by route and status",
      labelNames: ['route', 'status_code'],
      registers,
    });
    this.eventsRecorded = new Counter({
      name: 'cardcraft_analytics_events_recorded_total',
      help: 'analytics events recorded by the api (handed to the producer buffer), by type; views are type view',
      labelNames: ['type'],
      registers,
    });
    this.batchesInserted = new Counter({
      name: 'cardcraft_analytics_batches_inserted_total',
      help: 'event batches inserted into ClickHouse (one insert each)',
      registers,
    });
    this.rowsInserted = new Counter({
      name: 'cardcraft_analytics_rows_inserted_total',
      help: 'event rows inserted into ClickHouse',
      registers,
    });
    this.insertDuration = new Histogram({
      name: 'cardcraft_analytics_insert_duration_seconds',
      help: 'time of one batch insert into ClickHouse, by outcome (ok, error)',
      labelNames: ['outcome'],
      buckets: INSERT_BUCKETS,
      registers,
    });
    this.jobFailures = new Counter({
      name: 'cardcraft_analytics_job_failures_total',
      help: 'analytics jobs that failed a try (retried after a backoff, or kept as a dead letter after the last), by job',
      labelNames: ['job'],
      registers,
    });
    this.backups = new Counter({
      name: 'cardcraft_backups_total',
      help: 'backups of the embedded product made (npm run backup, or BACKUP_INTERVAL), by outcome (ok, error)',
      labelNames: ['outcome'],
      registers,
    });
    this.lastBackup = new Gauge({
      name: 'cardcraft_backup_last_success_timestamp_seconds',
      help: 'when the last backup that succeeded was finished (unix seconds); 0 before the first',
      registers,
    });
  }

  /** a backup finished: ok, or not */
  backupMade(ok: boolean): void {
    this.backups.inc({ outcome: ok ? 'ok' : 'error' });
    if (ok) this.lastBackup.set(Date.now() / 1000);
  }

  // the series of each label set, looked up by one string: prom-client hashes the label object on
  // every call otherwise, a few microseconds a request; the sets are few (routes, statuses, types)
  private readonly requestSeries = new Map<
    string,
    { duration: Histogram.Internal<'method' | 'route' | 'status_code'>; reads: Counter.Internal }
  >();
  private readonly recordedSeries = new Map<string, Counter.Internal>();

  /** one answered request; `publicCard` also counts it as a card read */
  observeRequest(method: string, route: string, status: number, seconds: number, publicCard = false): void {
    const key = `${method} ${route} ${status}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      const statusCode = String(status);
      series = {
        duration: this.httpDuration.labels({ method, route, status_code: statusCode }),
        reads: this.cardReads.labels({ route, status_code: statusCode }),
      };
      this.requestSeries.set(key, series);
    }
    series.duration.observe(seconds);
    if (publicCard) series.reads.inc();
  }

  /** the analytics pipeline's hooks (the AnalyticsMetrics port of @cardcraft/analytics) */
  readonly analytics = {
    eventRecorded: (type: string): void => {
      let series = this.recordedSeries.get(type);
      if (!series) {
        series = this.eventsRecorded.labels({ type });
        this.recordedSeries.set(type, series);
      }
      series.inc();
    },
    batchInserted: (rows: number, seconds: number): void => {
      this.batchesInserted.inc();
      this.rowsInserted.inc(rows);
      this.insertDuration.observe({ outcome: 'ok' }, seconds);
    },
    insertFailed: (seconds: number): void => this.insertDuration.observe({ outcome: 'error' }, seconds),
    jobFailed: (job: string): void => this.jobFailures.inc({ job }),
  };

  /** the producer buffer's size, enqueued and dropped events, read at each scrape */
  watchBuffer(read: () => BufferFigures): void {
    if (this.bufferWatched) return;
    this.bufferWatched = true;
    const registers = [this.registry];
    new Gauge({
      name: 'cardcraft_analytics_buffer_events',
      help: 'events waiting in the producer buffer or being sent to the queue',
      registers,
      collect() {
        this.set(read().buffered);
      },
    });
    const total = (name: string, help: string, pick: (figures: BufferFigures) => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(pick(read()));
        },
      });
    total(
      'cardcraft_analytics_buffer_enqueued_events_total',
      'events the producer buffer handed to the queue',
      (figures) => figures.enqueued,
    );
    total(
      'cardcraft_analytics_buffer_dropped_events_total',
      'events dropped by the producer buffer (full, closed, or refused by the queue)',
      (figures) => figures.dropped,
    );
    total(
      'cardcraft_analytics_buffer_failed_flushes_total',
      'flushes of the producer buffer the queue refused',
      (figures) => figures.failedFlushes,
    );
  }

  /** the queue's depth by state and the age of its oldest waiting job, read at each scrape */
  watchQueue(read: () => Promise<QueueFigures>): void {
    if (this.queueWatched) return;
    this.queueWatched = true;
    const registers = [this.registry];
    // one read serves both gauges of a scrape
    let pending: Promise<QueueFigures | null> | null = null;
    const figures = () => {
      pending ??= read()
        .catch(() => null)
        .finally(() => setImmediate(() => (pending = null)));
      return pending;
    };
    new Gauge({
      name: 'cardcraft_analytics_queue_jobs',
      help: 'analytics jobs in the queue by state: waiting, active, retrying (failed, waiting for a backoff), dead (dead letters); absent when the queue does not answer',
      labelNames: ['state'],
      registers,
      async collect() {
        this.reset();
        const now = await figures();
        if (!now) return;
        for (const state of ['waiting', 'active', 'retrying', 'dead'] as const) {
          this.set({ state }, now[state]);
        }
      },
    });
    new Gauge({
      name: 'cardcraft_analytics_queue_oldest_job_age_seconds',
      help: 'how long the oldest job not yet taken by a worker has waited, in seconds (0: none waits); absent when the queue does not answer',
      // a label, so that the series can be absent (an unlabelled gauge always shows a value)
      labelNames: ['state'],
      registers,
      async collect() {
        this.reset();
        const now = await figures();
        if (now) this.set({ state: 'waiting' }, now.oldestAgeSeconds);
      },
    });
  }

  /** the text exposition format Prometheus scrapes */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
