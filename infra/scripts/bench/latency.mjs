// latencies as the benchmarks report them: nearest-rank percentiles of the times measured

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** p50, p95, p97.5 and the slowest of `times` (ms), and the requests a second over `wallMs` */
export function stats(times, wallMs) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p975: percentile(sorted, 97.5),
    max: sorted[sorted.length - 1] ?? NaN,
    perSecond: wallMs ? (sorted.length / wallMs) * 1000 : null,
  };
}

export const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '-');
