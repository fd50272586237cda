import type { EventBatch } from '../events';
import type { EventEnricher } from '../enrichment/enricher';
import type { AnalyticsStore } from '../ports';

/** the worker's job: enrich a batch and write it in one insert; every error reaches the queue */
export class BatchProcessor {
  constructor(
    private readonly enricher: EventEnricher,
    private readonly store: AnalyticsStore,
  ) {}

  async process(batch: EventBatch): Promise<number> {
    if (batch.events.length === 0) return 0;
    const rows = await this.enricher.enrich(batch.id, batch.events);
    await this.store.insertEvents(batch.id, rows);
    return rows.length;
  }
}
