import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sampleValue } from '../../testing/exposition';
import { ServiceMetrics, type QueueFigures } from './service-metrics';

describe('a process metrics', () => {
  it('has the process figures: memory, event-loop lag, cpu, each labelled with the service', async () => {
    const { body, contentType } = await new ServiceMetrics('worker').render();
    const worker = { service: 'worker' };
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sampleValue(body, 'process_resident_memory_bytes', worker)).toBeGreaterThan(0);
    expect(sampleValue(body, 'nodejs_heap_size_used_bytes', worker)).toBeGreaterThan(0);
    expect(sampleValue(body, 'nodejs_eventloop_lag_seconds', worker)).toBeGreaterThanOrEqual(0);
    expect(sampleValue(body, 'nodejs_eventloop_lag_p99_seconds', worker)).toBeGreaterThanOrEqual(0);
    expect(sampleValue(body, 'process_cpu_seconds_total', worker)).toBeGreaterThan(0);
  });

  it('has the heap alive after the last full collection, once one ran', async () => {
    // a full collection on demand: the flag lets a new context see gc()
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const metrics = new ServiceMetrics('api');
    const kept = Array.from({ length: 50_000 }, (_, i) => ({ i, text: `kept ${i}` }));
    collect();
    // the collection's entry reaches its observer in a task of its own
    await new Promise((resolve) => setTimeout(resolve, 50));
    const live = sampleValue((await metrics.render()).body, 'nodejs_heap_live_bytes', {
      service: 'api',
      after: 'full-gc',
    });
    expect(live).toBeGreaterThan(kept.length * 16);
    expect(live).toBeLessThanOrEqual(process.memoryUsage().heapTotal);
  });

  it('observes requests by method, route and status, and counts public card reads apart', async () => {
    const metrics = new ServiceMetrics('api');
    metrics.observeRequest('GET', '/api/public/profiles/:handle', 200, 0.004, true);
    metrics.observeRequest('GET', '/api/public/profiles/:handle', 404, 0.002, true);
    metrics.observeRequest('GET', '/api/health', 200, 0.0005);
    const { body } = await metrics.render();
    const card = { service: 'api', method: 'GET', route: '/api/public/profiles/:handle', status_code: '200' };
    expect(sampleValue(body, 'http_request_duration_seconds_count', card)).toBe(1);
    expect(sampleValue(body, 'http_request_duration_seconds_bucket', { ...card, le: '0.005' })).toBe(1);
    expect(sampleValue(body, 'http_request_duration_seconds_bucket', { ...card, le: '0.0025' })).toBe(0);
    const reads = (route: string, status: string) =>
      sampleValue(body, 'cardcraft_public_card_reads_total', { service: 'api', route, status_code: status });
    expect(reads('/api/public/profiles/:handle', '200')).toBe(1);
    expect(reads('/api/public/profiles/:handle', '404')).toBe(1);
    expect(reads('/api/health', '200')).toBeUndefined();
  });

  it('counts events recorded, batches and rows inserted, insert latency and failed tries', async () => {
    const metrics = new ServiceMetrics('worker');
    metrics.analytics.eventRecorded('view');
    metrics.analytics.eventRecorded('view');
    metrics.analytics.eventRecorded('link_clicked');
    metrics.analytics.batchInserted(500, 0.04);
    metrics.analytics.batchInserted(20, 0.01);
    metrics.analytics.insertFailed(2);
    metrics.analytics.jobFailed('analytics.ingest-batch');
    const { body } = await metrics.render();
    const worker = { service: 'worker' };
    expect(sampleValue(body, 'cardcraft_analytics_events_recorded_total', { ...worker, type: 'view' })).toBe(
      2,
    );
    expect(
      sampleValue(body, 'cardcraft_analytics_events_recorded_total', { ...worker, type: 'link_clicked' }),
    ).toBe(1);
    expect(sampleValue(body, 'cardcraft_analytics_batches_inserted_total', worker)).toBe(2);
    expect(sampleValue(body, 'cardcraft_analytics_rows_inserted_total', worker)).toBe(520);
    const ok = { ...worker, outcome: 'ok' };
    expect(sampleValue(body, 'cardcraft_analytics_insert_duration_seconds_count', ok)).toBe(2);
    expect(sampleValue(body, 'cardcraft_analytics_insert_duration_seconds_sum', ok)).toBeCloseTo(0.05);
    expect(
      sampleValue(body, 'cardcraft_analytics_insert_duration_seconds_count', { ...worker, outcome: 'error' }),
    ).toBe(1);
    expect(
      sampleValue(body, 'cardcraft_analytics_job_failures_total', {
        ...worker,
        job: 'analytics.ingest-batch',
      }),
    ).toBe(1);
  });

  it("reads the producer buffer and the queue at each scrape, with the oldest job's age", async () => {
    const metrics = new ServiceMetrics('api');
    const buffer = { buffered: 12, enqueued: 3000, dropped: 4, failedFlushes: 1 };
    let queue: QueueFigures | Error = { waiting: 7, active: 2, retrying: 1, dead: 3, oldestAgeSeconds: 4.5 };
    let reads = 0;
    metrics.watchBuffer(() => buffer);
    metrics.watchQueue(async () => {
      reads += 1;
      if (queue instanceof Error) throw queue;
      return queue;
    });
    const api = { service: 'api' };
    const jobs = (text: string, state: string) =>
      sampleValue(text, 'cardcraft_analytics_queue_jobs', { ...api, state });
    let { body } = await metrics.render();
    expect(sampleValue(body, 'cardcraft_analytics_buffer_events', api)).toBe(12);
    expect(sampleValue(body, 'cardcraft_analytics_buffer_enqueued_events_total', api)).toBe(3000);
    expect(sampleValue(body, 'cardcraft_analytics_buffer_dropped_events_total', api)).toBe(4);
    expect(sampleValue(body, 'cardcraft_analytics_buffer_failed_flushes_total', api)).toBe(1);
    expect(jobs(body, 'waiting')).toBe(7);
    expect(jobs(body, 'active')).toBe(2);
    expect(jobs(body, 'retrying')).toBe(1);
    expect(jobs(body, 'dead')).toBe(3);
    expect(
      sampleValue(body, 'cardcraft_analytics_queue_oldest_job_age_seconds', { ...api, state: 'waiting' }),
    ).toBe(4.5);
    // both queue gauges of a scrape came from one read
    expect(reads).toBe(1);

    buffer.dropped = 9;
    queue = { waiting: 0, active: 0, retrying: 0, dead: 3, oldestAgeSeconds: 0 };
    await new Promise((resolve) => setImmediate(resolve));
    ({ body } = await metrics.render());
    expect(sampleValue(body, 'cardcraft_analytics_buffer_dropped_events_total', api)).toBe(9);
    expect(jobs(body, 'waiting')).toBe(0);

    // a queue that does not answer: its series are absent, the rest of the scrape still works
    queue = new Error('redis is down');
    await new Promise((resolve) => setImmediate(resolve));
    ({ body } = await metrics.render());
    expect(jobs(body, 'waiting')).toBeUndefined();
    expect(
      sampleValue(body, 'cardcraft_analytics_queue_oldest_job_age_seconds', { ...api, state: 'waiting' }),
    ).toBeUndefined();
    expect(sampleValue(body, 'cardcraft_analytics_buffer_events', api)).toBe(12);
  });
});
