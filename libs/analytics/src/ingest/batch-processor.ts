import type { EventBatch } from '../events';
import type { EventEnricher } from '../enrichment/enricher';
import { performance } from 'node:perf_hooks';
import { EventLoopSlices, WRITE_PATH_SLICE_MS } from '../event-loop';
import { NO_ANALYTICS_METRICS, type AnalyticsMetrics, type EventEraser, type EventWriter } from '../ports';

const profilesOf = (batch: { events: { profileId: string }[] }) => [
  ...new Set(batch.events.map((event) => event.profileId)),
];

/**
 * the worker's jobs. a batch: enriched and written in one insert. an erase: the profile is marked
 * erased, then its rows are deleted. every error reaches the queue, which retries.
 *
 * an erase must not be undone by a batch of the same profile that is still queued, retried or replayed
 * later, or that several workers process while the erase runs. so a batch drops the events of profiles
 * already marked, and after its insert looks again: a profile marked meanwhile may have had its delete
 * run before these rows landed, so they are deleted here. either the erase's mark comes after that
 * second look, and then its delete comes after the insert too, or the second look sees it.
 */
export class BatchProcessor {
  constructor(
    private readonly enricher: EventEnricher,
    private readonly store: EventWriter & EventEraser,
    private readonly metrics: AnalyticsMetrics = NO_ANALYTICS_METRICS,
  ) {}

  async process(batch: EventBatch): Promise<number> {
    if (batch.events.length === 0) return 0;
    const erased = await this.store.erasedAmong(profilesOf(batch));
    const events = batch.events.filter((event) => !erased.has(event.profileId));
    if (events.length === 0) return 0;
    // a slice at a time: embedded, this runs in the process that answers the visitors
    const rows = await this.enricher.enrichRows(batch.id, events, new EventLoopSlices(WRITE_PATH_SLICE_MS));
    rows.firstBatchId = batch.firstBatchId ?? null;
    const started = performance.now();
    try {
      await this.store.insertEvents(batch.id, rows);
    } catch (err) {
      this.metrics.insertFailed((performance.now() - started) / 1000);
      throw err;
    }
    this.metrics.batchInserted(rows.count, (performance.now() - started) / 1000);
    for (const profileId of await this.store.erasedAmong(profilesOf({ events }))) {
      await this.store.deleteProfileEvents(profileId);
    }
    return rows.count;
  }

  /** idempotent: run again (a retry, a second request), it finds nothing more to delete */
  async erase(profileId: string): Promise<void> {
    await this.store.recordErasure(profileId);
    await this.store.deleteProfileEvents(profileId);
  }
}
