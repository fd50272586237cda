import { ConfigError, envInteger, envText, type Env } from '@cardcraft/config';

/** where a process serves its Prometheus metrics: its own port, never the public one */
export interface MetricsConfig {
  /** null: no metrics endpoint (METRICS_PORT unset) */
  port: number | null;
  /** the address the metrics port binds to: loopback unless METRICS_HOST says otherwise */
  host: string;
}

/** METRICS_PORT (1 to 65535, unset: off) and METRICS_HOST (127.0.0.1) */
export function parseMetricsEnv(env: Env): MetricsConfig {
  const raw = envText(env, 'METRICS_PORT');
  const port = raw === undefined ? null : envInteger(env, 'METRICS_PORT', 0, 1, 65535);
  const host = envText(env, 'METRICS_HOST') ?? '127.0.0.1';
  if (!/^[\w.:-]+$/.test(host)) {
    throw new ConfigError(`METRICS_HOST must be an address like 127.0.0.1 or 0.0.0.0 (got "${host}")`);
  }
  return { port, host };
}
