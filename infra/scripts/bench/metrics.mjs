// the product's own Prometheus metrics (METRICS_PORT), read by npm run bench: the analytics rows
// stored, which tell when a phase's views are all in the store, and the event loop's delay, whose
// histogram prom-client starts afresh at every read, so one read before a phase and one after it
// give the delays of that phase alone.

import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const { fetch } = globalThis;

function sample(text, name) {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `) || entry.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
}

export class ProductMetrics {
  constructor(port) {
    this.url = `http://127.0.0.1:${port}/metrics`;
  }

  async read() {
    const response = await fetch(this.url);
    if (!response.ok) throw new Error(`GET ${this.url} answered ${response.status}`);
    const text = await response.text();
    const ms = (name) => sample(text, name) * 1000;
    return {
      rowsStored: sample(text, 'cardcraft_analytics_rows_inserted_total') || 0,
      loopDelay: {
        p50: ms('nodejs_eventloop_lag_p50_seconds'),
        p99: ms('nodejs_eventloop_lag_p99_seconds'),
        max: ms('nodejs_eventloop_lag_max_seconds'),
      },
    };
  }

  /**
   * waits until the store holds `rows` rows in all (every view of a phase stored), reading a few
   * times a second; gives up after `timeoutMs`. returns the time it took in milliseconds, or NaN.
   */
  async awaitStored(rows, timeoutMs) {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      if ((await this.read()).rowsStored >= rows) return performance.now() - started;
      await sleep(50);
    }
    return NaN;
  }
}
