import { ConfigError, envInteger, envText, type Env } from '@cardcraft/config';

/** outbound webhooks (docs/api.md, "Webhooks") */
export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE: endpoints on private, loopback and local addresses, and http:// (local receivers) */
  allowPrivate: boolean;
  /** WEBHOOK_RETRY_DELAYS: the waits before each new attempt of a failed delivery, before jitter */
  retryDelaysMs: number[];
  /** WEBHOOK_TIMEOUT: how long one attempt may take, connection to last byte */
  timeoutMs: number;
  /** WEBHOOK_MAX_ENDPOINTS: a person's own endpoints, and a team's */
  maxEndpoints: number;
  /** WEBHOOK_DISABLE_AFTER: deliveries given up in a row that turn an endpoint off */
  disableAfterFailures: number;
  /** an endpoint failing for longer than this, with a delivery given up, is turned off too */
  disableAfterMs: number;
  /** WEBHOOK_SWEEP_INTERVAL: how often each process looks for due deliveries whatever woke it */
  sweepMs: number;
  /** how long a delivery's log is kept */
  keepMs: number;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function durationMs(raw: string): number {
  const match = /^(\d+)\s*(ms|s|m|h)$/.exec(raw.trim());
  return match ? Number(match[1]) * UNIT_MS[match[2]] : NaN;
}

/** WEBHOOK_RETRY_DELAYS: like 5s,5m,30m,2h,5h,10h (about a day in all), or none */
function retryDelays(env: Env): number[] {
  const raw = envText(env, 'WEBHOOK_RETRY_DELAYS') ?? '5s,5m,30m,2h,5h,10h';
  if (raw === 'none') return [];
  const delays = raw.split(',').map(durationMs);
  if (delays.length > 20 || delays.some((ms) => !(ms >= 1 && ms <= 86_400_000))) {
    throw new ConfigError(
      `WEBHOOK_RETRY_DELAYS must be up to 20 waits from 1ms to 24h like 5s,5m,30m,2h,5h,10h, or none (got "${raw}")`,
    );
  }
  return delays;
}

function duration(env: Env, name: string, fallback: string, minMs: number, maxMs: number): number {
  const raw = envText(env, name) ?? fallback;
  const ms = durationMs(raw);
  if (!(ms >= minMs && ms <= maxMs)) {
    throw new ConfigError(`${name} must be a duration like ${fallback} (got "${raw}")`);
  }
  return ms;
}

function flag(env: Env, name: string): boolean {
  const raw = envText(env, name) ?? 'false';
  if (raw !== 'true' && raw !== 'false')
    throw new ConfigError(`${name} must be true or false (got "${raw}")`);
  return raw === 'true';
}

export function parseWebhookEnv(env: Env): WebhookConfig {
  return {
    allowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
    retryDelaysMs: retryDelays(env),
    timeoutMs: duration(env, 'WEBHOOK_TIMEOUT', '10s', 100, 60_000),
    maxEndpoints: envInteger(env, 'WEBHOOK_MAX_ENDPOINTS', 20, 1, 1000),
    disableAfterFailures: envInteger(env, 'WEBHOOK_DISABLE_AFTER', 10, 1, 1000),
    disableAfterMs: 86_400_000,
    sweepMs: duration(env, 'WEBHOOK_SWEEP_INTERVAL', '30s', 100, 3_600_000),
    keepMs: 30 * 86_400_000,
  };
}
