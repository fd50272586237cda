import { join } from 'node:path';
import {
  BullmqDeadLetters,
  BullmqEventConsumer,
  BullmqEventQueue,
  DEFAULT_BULLMQ_OPTIONS,
  type BullmqOptions,
} from './adapters/bullmq/bullmq-event-queue';
import { ClickHouseAnalyticsStore } from './adapters/clickhouse/clickhouse-analytics-store';
import { RedisSaltStore } from './adapters/redis/redis-salt-store';
import {
  DEFAULT_SQLITE_QUEUE_OPTIONS,
  SqliteDeadLetters,
  SqliteEventConsumer,
  SqliteEventQueue,
  SqliteQueueDatabase,
  SqliteSaltStore,
} from './adapters/sqlite-queue/sqlite-event-queue';
import { EventEnricher } from './enrichment/enricher';
import { GeoLookup } from './enrichment/geo';
import { ownHostsOf } from './enrichment/referrer';
import { UserAgentParser } from './enrichment/user-agent';
import { VisitorHasher } from './enrichment/visitor-id';
import type { AnalyticsEvent } from './events';
import { BatchProcessor } from './ingest/batch-processor';
import { buildJobHandlers, runJob, type JobHandlers } from './jobs';
import type { AnalyticsStore, DeadLetters, EventConsumer, EventQueue, SaltStore } from './ports';
import { EventBuffer, type EventBufferOptions } from './producer/event-buffer';
import { AnalyticsReadService } from './read/analytics-read.service';

/** everything analytics needs, parsed once by the process's configuration module */
export interface AnalyticsConfig {
  /** set: bullmq on redis; absent: the durable in-process queue in the sqlite file */
  redisUrl: string | null;
  /** set: a ClickHouse server over http; absent: chdb in clickhouseDataDir */
  clickhouseUrl: string | null;
  clickhouseDatabase?: string;
  clickhouseUser?: string;
  clickhousePassword?: string;
  /** chdb's data directory (embedded mode) */
  clickhouseDataDir: string;
  /** the sqlite file of the embedded queue and salts */
  sqliteFile: string;
  /** a MaxMind-format city database; absent: the GeoLite2 files shipped in the npm package */
  geoipDb: string | null;
  /** the product's own addresses: referrers from these count as direct */
  ownUrls: string[];
  /** redis key prefix and queue name, so deployments (and test runs) sharing a redis stay apart */
  redisPrefix: string;
  queueName: string;
  buffer: EventBufferOptions;
  attempts: number;
  backoffMs: number;
  concurrency: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  /** a batch that failed (retrying or dead) keeps its raw ips at most this long after it was queued */
  ipMaxAgeMs: number;
  /** how often the worker strips them */
  ipSweepMs: number;
  migrationsDir?: string;
}

export interface AnalyticsLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const DEFAULT_BUFFER_OPTIONS: EventBufferOptions = {
  flushMs: 25,
  maxBatch: 1000,
  maxBuffered: 50_000,
};

/** the defaults of everything but the addresses */
export function analyticsConfigDefaults(dataDir: string): AnalyticsConfig {
  return {
    redisUrl: null,
    clickhouseUrl: null,
    clickhouseDataDir: join(dataDir, 'chdb'),
    sqliteFile: join(dataDir, 'cardcraft.sqlite'),
    geoipDb: null,
    ownUrls: [],
    redisPrefix: DEFAULT_BULLMQ_OPTIONS.prefix,
    queueName: DEFAULT_BULLMQ_OPTIONS.queueName,
    buffer: DEFAULT_BUFFER_OPTIONS,
    attempts: DEFAULT_BULLMQ_OPTIONS.attempts,
    backoffMs: DEFAULT_BULLMQ_OPTIONS.backoffMs,
    concurrency: DEFAULT_BULLMQ_OPTIONS.concurrency,
    lockDurationMs: DEFAULT_BULLMQ_OPTIONS.lockDurationMs,
    stalledIntervalMs: DEFAULT_BULLMQ_OPTIONS.stalledIntervalMs,
    ipMaxAgeMs: DEFAULT_BULLMQ_OPTIONS.ipMaxAgeMs,
    ipSweepMs: DEFAULT_BULLMQ_OPTIONS.ipSweepMs,
  };
}

function bullmqOptions(config: AnalyticsConfig & { redisUrl: string }): BullmqOptions {
  return {
    ...DEFAULT_BULLMQ_OPTIONS,
    redisUrl: config.redisUrl,
    prefix: config.redisPrefix,
    queueName: config.queueName,
    attempts: config.attempts,
    backoffMs: config.backoffMs,
    concurrency: config.concurrency,
    lockDurationMs: config.lockDurationMs,
    stalledIntervalMs: config.stalledIntervalMs,
    ipMaxAgeMs: config.ipMaxAgeMs,
    ipSweepMs: config.ipSweepMs,
  };
}

export interface AnalyticsRuntimeOptions {
  /** produce events (the api) */
  producer: boolean;
  /** run the worker loop in this process (the worker; the api in the embedded mode) */
  worker: boolean;
  /** read and delete (the api) */
  reader: boolean;
}

/** the dead letters of the configured queue, for an operator's replay; close it when done */
export function openDeadLetters(config: AnalyticsConfig): DeadLetters {
  if (config.redisUrl) return new BullmqDeadLetters(bullmqOptions({ ...config, redisUrl: config.redisUrl }));
  const database = new SqliteQueueDatabase(config.sqliteFile);
  const letters = new SqliteDeadLetters(database);
  return {
    count: () => letters.count(),
    replay: () => letters.replay(),
    close: async () => database.close(),
  };
}

/**
 * picks the adapters from configuration and owns them: one place that opens and one that closes.
 * both entry points use it; only the one asked to runs the consumer (STYLE.md 2).
 */
export class AnalyticsRuntime {
  private buffer: EventBuffer | null = null;
  private queue: EventQueue | null = null;
  /** the embedded queue, when it is the one in use: its consumer is woken by its producer */
  private sqliteQueue: SqliteEventQueue | null = null;
  private consumer: EventConsumer | null = null;
  private salts: SaltStore | null = null;
  private sqlite: SqliteQueueDatabase | null = null;
  private store: AnalyticsStore | null = null;
  private readService: AnalyticsReadService | null = null;
  private processedEvents = 0;

  private constructor(
    readonly config: AnalyticsConfig,
    private readonly logger: AnalyticsLogger,
  ) {}

  get mode(): { queue: 'bullmq' | 'sqlite'; store: 'http' | 'chdb' } {
    return {
      queue: this.config.redisUrl ? 'bullmq' : 'sqlite',
      store: this.config.clickhouseUrl ? 'http' : 'chdb',
    };
  }

  static async start(
    config: AnalyticsConfig,
    logger: AnalyticsLogger,
    options: AnalyticsRuntimeOptions,
  ): Promise<AnalyticsRuntime> {
    const runtime = new AnalyticsRuntime(config, logger);
    try {
      await runtime.open(options);
    } catch (err) {
      await runtime.close();
      throw err;
    }
    return runtime;
  }

  private sqliteDatabase(): SqliteQueueDatabase {
    this.sqlite ??= new SqliteQueueDatabase(this.config.sqliteFile);
    return this.sqlite;
  }

  private async open(options: AnalyticsRuntimeOptions): Promise<void> {
    const { config } = this;
    if (options.worker || options.reader) {
      const store = ClickHouseAnalyticsStore.open({
        transport: config.clickhouseUrl
          ? {
              kind: 'http',
              url: config.clickhouseUrl,
              database: config.clickhouseDatabase,
              username: config.clickhouseUser,
              password: config.clickhousePassword,
            }
          : { kind: 'chdb', path: config.clickhouseDataDir },
        migrationsDir: config.migrationsDir,
      });
      this.store = store;
      await store.migrate();
      this.readService = new AnalyticsReadService(store);
    }
    if (options.producer || options.worker) {
      if (config.redisUrl) {
        this.queue = new BullmqEventQueue(bullmqOptions({ ...config, redisUrl: config.redisUrl }));
      } else {
        this.sqliteQueue = new SqliteEventQueue(this.sqliteDatabase());
        this.queue = this.sqliteQueue;
      }
    }
    if (options.producer && this.queue) {
      this.buffer = new EventBuffer(this.queue, config.buffer, this.logger);
    }
    if (options.worker) await this.startWorker();
  }

  private async startWorker(): Promise<void> {
    const { config } = this;
    const store = this.store;
    if (!store || !this.queue) throw new Error('the worker needs a store and a queue');
    this.salts = config.redisUrl
      ? new RedisSaltStore(config.redisUrl, config.redisPrefix)
      : new SqliteSaltStore(this.sqliteDatabase());
    const geo = await GeoLookup.open(config.geoipDb);
    const enricher = new EventEnricher(
      geo,
      new UserAgentParser(),
      new VisitorHasher(this.salts),
      ownHostsOf(config.ownUrls),
    );
    const processor = new BatchProcessor(enricher, store);
    const handlers: JobHandlers = buildJobHandlers([
      {
        name: 'analytics.ingest-batch',
        handler: async (batch: Parameters<JobHandlers['analytics.ingest-batch']>[0]) => {
          this.processedEvents += await processor.process(batch);
        },
      },
      {
        name: 'analytics.erase-profile',
        handler: (erasure: Parameters<JobHandlers['analytics.erase-profile']>[0]) =>
          processor.erase(erasure.profileId),
      },
    ]);
    if (config.redisUrl) {
      this.consumer = new BullmqEventConsumer(
        bullmqOptions({ ...config, redisUrl: config.redisUrl }),
        this.logger,
      );
    } else if (this.sqliteQueue) {
      this.consumer = new SqliteEventConsumer(
        this.sqliteDatabase(),
        this.sqliteQueue,
        {
          ...DEFAULT_SQLITE_QUEUE_OPTIONS,
          file: config.sqliteFile,
          attempts: config.attempts,
          backoffMs: config.backoffMs,
          ipMaxAgeMs: config.ipMaxAgeMs,
          ipSweepMs: config.ipSweepMs,
        },
        this.logger,
      );
    } else {
      throw new Error('the embedded worker needs the embedded queue');
    }
    await this.consumer.start((job) => runJob(handlers, job));
  }

  /** records an event without waiting; see EventBuffer */
  track(event: AnalyticsEvent): void {
    if (!this.buffer) throw new Error('this analytics runtime does not produce events');
    this.buffer.push(event);
  }

  /**
   * erases a profile's analytics through the durable queue: retried with backoff like a batch, and
   * never undone by a batch of the profile still queued (see BatchProcessor). throws when the queue
   * does not take it.
   */
  async eraseProfile(profileId: string): Promise<void> {
    await this.eventQueue.enqueueErase({ profileId });
  }

  flush(): Promise<void> {
    return this.buffer?.flush() ?? Promise.resolve();
  }

  get reader(): AnalyticsReadService {
    if (!this.readService) throw new Error('this analytics runtime does not read');
    return this.readService;
  }

  get eventQueue(): EventQueue {
    if (!this.queue) throw new Error('this analytics runtime has no queue');
    return this.queue;
  }

  get analyticsStore(): AnalyticsStore {
    if (!this.store) throw new Error('this analytics runtime has no store');
    return this.store;
  }

  stats(): { buffer: ReturnType<EventBuffer['getStats']> | null; processedEvents: number } {
    return { buffer: this.buffer?.getStats() ?? null, processedEvents: this.processedEvents };
  }

  /** flushes the buffer, lets the worker finish its batch, then closes every connection */
  async close(): Promise<void> {
    const steps: Array<() => Promise<void> | void> = [
      () => this.buffer?.close(),
      () => this.consumer?.close(),
      () => this.queue?.close(),
      () => this.salts?.close(),
      () => this.store?.close(),
      () => this.sqlite?.close(),
    ];
    const errors: unknown[] = [];
    for (const step of steps) {
      try {
        await step();
      } catch (err) {
        errors.push(err);
      }
    }
    this.buffer =
      this.consumer =
      this.queue =
      this.sqliteQueue =
      this.salts =
      this.store =
      this.sqlite =
        null;
    if (errors.length > 0) throw errors[0];
  }
}
