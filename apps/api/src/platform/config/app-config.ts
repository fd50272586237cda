import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describeAnalyticsConfig, parseAnalyticsEnv, type AnalyticsConfig } from '@cardcraft/analytics';
import {
  ConfigError,
  envBoolean,
  envInteger as integer,
  envOneOf,
  envText,
  envUrl,
  hideCredentials,
  type Env,
} from '@cardcraft/config';
import { checkDataDirWritable, dataDirFrom } from '@cardcraft/storage';
import { parseMetricsEnv, type MetricsConfig } from '@cardcraft/observability';
import { parseBackupEnv, type BackupConfig } from './backup-config';
import {
  describeGoogleWalletConfig,
  parseGoogleWalletEnv,
  type GoogleWalletConfig,
} from './google-wallet-config';
import { RATE_LIMIT_SETTINGS, type RateLimitName } from './rate-limit-settings';
import { describeWalletPassConfig, parseWalletPassEnv, type WalletPassConfig } from './wallet-pass-config';
import { parseWebhookEnv, type WebhookConfig } from './webhook-config';

export { ConfigError };

/** the one configuration object; parsed once at start-up */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** absent: the embedded SQLite store under dataDir */
  mongoUrl: string | null;
  /** secret: never logged */
  jwtSecret: string;
  sessionTtlSeconds: number;
  /**
   * how long a proof of who one is (the password, at sign-in or again) lets a session do what
   * matters most, such as making an API key (REAUTHENTICATION_WINDOW, 10 minutes)
   */
  reauthenticationWindowSeconds: number;
  /** scrypt's work factor N for new password hashes (PASSWORD_SCRYPT_COST) */
  passwordScryptCost: number;
  publicBaseUrl: string;
  /** SECURITY_CONTACT: where /.well-known/security.txt sends vulnerability reports (mailto: or https:) */
  securityContact: string;
  corsOrigins: string[];
  bodyLimitBytes: number;
  /** abuse limits: how many requests a window allows for each limited action (RATE_LIMIT_*) */
  rateLimits: Record<RateLimitName, RateLimit>;
  /** the most cards one account may own */
  maxCardsPerAccount: number;
  /** cards one team may hold, all its members' together */
  maxCardsPerTeam: number;
  /** uploaded images: the largest file (UPLOAD_MAX_BYTES) and the most pixels (UPLOAD_MAX_PIXELS) */
  uploads: { maxBytes: number; maxPixels: number };
  publicCacheTtlMs: number;
  /** the built SPA; null when it has not been built */
  webDistDir: string | null;
  /** the server build of the public card (render-card.js); null: /u/{handle} answers 503 */
  webSsrDir: string | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * on SIGTERM: how long readiness answers 503 while every request is still answered, each closing its
   * connection, before the server stops accepting (SIGINT skips it)
   */
  shutdownDrainMs: number;
  /** after the drain: how long the requests in flight and the flush of the analytics may take */
  shutdownGraceMs: number;
  /**
   * which proxies' X-Forwarded-For to believe for the client address (rate limits, geo, visitor ids):
   * false (direct, the default), true (any), a hop count, or addresses and CIDR ranges
   */
  trustProxy: boolean | number | string[];
  /** REDIS_URL, CLICKHOUSE_URL, GEOIP_DB and the ANALYTICS_* tuning (docs/analytics.md) */
  analytics: AnalyticsConfig;
  /** Apple Wallet passes (WALLET_*); null: not configured, and the web app shows no Wallet button */
  walletPass: WalletPassConfig | null;
  /** Google Wallet save links (GOOGLE_WALLET_*); null: not configured, and the web app shows no button */
  googleWallet: GoogleWalletConfig | null;
  mail: MailConfig;
  /** how long an owner's data export is kept once made, in seconds (EXPORT_TTL, a week) */
  exportTtlSeconds: number;
  /** METRICS_PORT and METRICS_HOST: Prometheus metrics on their own port, off when unset */
  metrics: MetricsConfig;
  /** BACKUP_INTERVAL, BACKUP_KEEP and BACKUP_DIR: the embedded product's scheduled backups */
  backup: BackupConfig;
  /** WEBHOOK_*: outbound webhooks' addresses, retries and caps */
  webhooks: WebhookConfig;
  /** REPORTS_ENABLED: this process looks each hour for the analytics reports and traffic alerts due */
  reportsEnabled: boolean;
}

/** how the product sends e-mail (docs/mail.md) */
export interface MailConfig {
  /** SMTP_URL (secret: its password is never logged); null: mail is written to outboxDir as .eml files */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of every mail, an address or "Name <address>" */
  from: string;
  /** DATA_DIR/outbox */
  outboxDir: string;
  /** the waits before each new attempt when a mail could not be handed over */
  retryDelaysMs: number[];
  /** how long a password-reset link and an e-mail confirmation link stay valid (MAIL_LINK_TTL) */
  linkTtlSeconds: number;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

function trustProxy(env: Env): AppConfig['trustProxy'] {
  const raw = envText(env, 'TRUST_PROXY') ?? '';
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)(\/\d{1,3})?$/i;
  if (entries.some((entry) => !address.test(entry))) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses or CIDR ranges (got "${raw}")`,
    );
  }
  return entries;
}

const WINDOW_UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** `count/window`, like 10/1m, 5/15m, 20/1h or 120/30s */
function rateLimit(env: Env, name: string, fallback: string): RateLimit {
  const raw = envText(env, name) ?? fallback;
  const match = /^(\d+)\s*\/\s*(\d+)\s*([smh])$/.exec(raw);
  const limit = match ? Number(match[1]) : NaN;
  const windowMs = match ? Number(match[2]) * WINDOW_UNIT_MS[match[3]] : NaN;
  if (!(limit >= 1 && limit <= 1_000_000) || !(windowMs >= 1000 && windowMs <= 86_400_000)) {
    throw new ConfigError(
      `${name} must be a count per window like 10/1m, 20/1h or 120/30s (count 1 to 1000000, window 1s to 24h; got "${raw}")`,
    );
  }
  return { limit, windowMs };
}

function rateLimits(env: Env): AppConfig['rateLimits'] {
  const entries = Object.entries(RATE_LIMIT_SETTINGS).map(([name, { variable, fallback }]) => [
    name,
    rateLimit(env, variable, fallback),
  ]);
  return Object.fromEntries(entries) as AppConfig['rateLimits'];
}

/** SESSION_TTL accepts seconds or a number with s, m, h or d */
function duration(env: Env, name: string, fallbackSeconds: number, leastSeconds = 60): number {
  const raw = envText(env, name);
  if (!raw) return fallbackSeconds;
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw);
  const seconds = match ? Number(match[1]) * { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2]]! : NaN;
  if (!Number.isFinite(seconds) || seconds < leastSeconds || seconds > 90 * 86400) {
    throw new ConfigError(
      `${name} must be a duration from ${leastSeconds}s to 90d, like 3600, 30m, 12h or 7d (got "${raw}")`,
    );
  }
  return seconds;
}

/**
 * PASSWORD_SCRYPT_COST: scrypt's N, a power of two. the default 2^17 is OWASP's recommendation (128 MiB
 * per hash with r=8); 2^14 is the least accepted, for test suites that register many users.
 */
function scryptCost(env: Env): number {
  const raw = envText(env, 'PASSWORD_SCRYPT_COST');
  if (!raw) return 2 ** 17;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 2 ** 14 || value > 2 ** 20 || (value & (value - 1)) !== 0) {
    throw new ConfigError(
      `PASSWORD_SCRYPT_COST must be a power of two from 16384 to 1048576, like 131072 (got "${raw}")`,
    );
  }
  return value;
}

/**
 * the web app's package (@cardcraft/web, an optional peer of the api): its built files are served
 * from its dist/ and dist-ssr/. null when it is not installed (an image sets WEB_DIST_DIR instead).
 */
function webPackageDir(): string | null {
  try {
    return dirname(require.resolve('@cardcraft/web/package.json'));
  } catch {
    return null;
  }
}

/** a generated secret kept in the data directory, so sessions survive a restart of the embedded product */
function embeddedJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** MAIL_FROM: an address, or a display name with the address in angle brackets */
function mailFrom(env: Env, publicBaseUrl: string): string {
  const raw = envText(env, 'MAIL_FROM');
  if (!raw) return `Cardcraft <no-reply@${new URL(publicBaseUrl).hostname}>`;
  const address = /<([^<>\s]+@[^<>\s]+)>$/.exec(raw)?.[1] ?? raw;
  if (!/^[^@\s<>]+@[^@\s<>]+$/.test(address)) {
    throw new ConfigError(
      `MAIL_FROM must be an e-mail address, or a name and one like Cardcraft <hello@example.com> (got "${raw}")`,
    );
  }
  return raw;
}

/** SECURITY_CONTACT: a mailto: address or an https: page; security@ the public address's host if unset */
function securityContact(env: Env, publicBaseUrl: string): string {
  const raw = envText(env, 'SECURITY_CONTACT');
  if (!raw) return `mailto:security@${new URL(publicBaseUrl).hostname}`;
  const valid = /^mailto:[^@\s<>]+@[^@\s<>]+$/.test(raw) || /^https:\/\/[^\s]+$/.test(raw);
  if (!valid) {
    throw new ConfigError(
      `SECURITY_CONTACT must be a mailto: address or an https: address, like mailto:security@example.com (got "${raw}")`,
    );
  }
  return raw;
}

/** MAIL_RETRY_DELAYS: the waits before each new attempt, like 2s,15s,1m,5m (four more attempts) */
function retryDelays(env: Env): number[] {
  const raw = envText(env, 'MAIL_RETRY_DELAYS') ?? '2s,15s,1m,5m';
  if (raw === 'none') return [];
  const delays = raw.split(',').map((part) => {
    const match = /^(\d+)\s*(ms|s|m|h)$/.exec(part.trim());
    return match ? Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2]]! : NaN;
  });
  if (delays.length > 20 || delays.some((ms) => !(ms >= 1 && ms <= 86_400_000))) {
    throw new ConfigError(
      `MAIL_RETRY_DELAYS must be up to 20 waits from 1ms to 24h like 2s,15s,1m,5m, or none (got "${raw}")`,
    );
  }
  return delays;
}

function mailConfig(env: Env, dataDir: string, publicBaseUrl: string): MailConfig {
  return {
    smtpUrl: envUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    from: mailFrom(env, publicBaseUrl),
    outboxDir: join(dataDir, 'outbox'),
    retryDelaysMs: retryDelays(env),
    linkTtlSeconds: duration(env, 'MAIL_LINK_TTL', 3600),
  };
}

export function loadConfig(env: Env, cwd = process.cwd()): AppConfig {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = envText(env, 'HOST') ?? '127.0.0.1';

  const dataDir = dataDirFrom(env, cwd);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(`DATA_DIR "${dataDir}" cannot be created: ${(error as Error).message}`);
  }
  // read-only or full: stop now, naming the directory (DataDirError), not inside a store's start
  checkDataDirWritable(dataDir);

  const mongoUrl = envUrl(env, 'MONGO_URL', ['mongodb:', 'mongodb+srv:']);

  let jwtSecret = env.JWT_SECRET ?? '';
  if (jwtSecret) {
    if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  } else if (mongoUrl) {
    throw new ConfigError('JWT_SECRET is required when MONGO_URL is set (every API replica must share it)');
  } else {
    jwtSecret = embeddedJwtSecret(dataDir);
  }

  const publicBaseUrl = envUrl(
    env,
    'PUBLIC_BASE_URL',
    ['http:', 'https:'],
    `http://localhost:${port || 3000}`,
  );

  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (origin !== '*' && !/^https?:\/\/[^/]+$/.test(origin)) {
      throw new ConfigError(
        `CORS_ORIGINS must be a comma-separated list of origins like https://app.example.com (got "${origin}")`,
      );
    }
  }

  const logLevel = envOneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'warn');

  const rawWebDist = envText(env, 'WEB_DIST_DIR');
  const webPackage = webPackageDir();
  const webDist = rawWebDist ? resolve(cwd, rawWebDist) : webPackage && join(webPackage, 'dist');
  const webDistDir = webDist && existsSync(join(webDist, 'index.html')) ? webDist : null;
  if (rawWebDist && !webDistDir) throw new ConfigError(`WEB_DIST_DIR "${webDist}" has no index.html`);
  // the card's server renderer is built next to the web app (apps/web/dist-ssr) unless told otherwise
  const rawWebSsr = envText(env, 'WEB_SSR_DIR');
  const webSsr = rawWebSsr
    ? resolve(cwd, rawWebSsr)
    : webDistDir
      ? join(dirname(webDistDir), 'dist-ssr')
      : null;
  const webSsrDir = webSsr && existsSync(join(webSsr, 'render-card.js')) ? webSsr : null;
  if (rawWebSsr && !webSsrDir) throw new ConfigError(`WEB_SSR_DIR "${webSsr}" has no render-card.js`);

  const analytics = parseAnalyticsEnv(env, {
    dataDir,
    // the product's own addresses: a referrer from these is a direct visit
    ownUrls: [publicBaseUrl, ...corsOrigins.filter((origin) => origin !== '*')],
    cwd,
  });

  return {
    port,
    host,
    dataDir,
    mongoUrl,
    jwtSecret,
    sessionTtlSeconds: duration(env, 'SESSION_TTL', 7 * 86400),
    // a few seconds at least: the browser suite waits past it
    reauthenticationWindowSeconds: duration(env, 'REAUTHENTICATION_WINDOW', 600, 1),
    passwordScryptCost: scryptCost(env),
    publicBaseUrl,
    securityContact: securityContact(env, publicBaseUrl),
    corsOrigins,
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 50 * 1024 * 1024),
    rateLimits: rateLimits(env),
    maxCardsPerAccount: integer(env, 'MAX_CARDS_PER_ACCOUNT', 25, 1, 10_000),
    maxCardsPerTeam: integer(env, 'MAX_CARDS_PER_TEAM', 5_000, 1, 100_000),
    uploads: {
      maxBytes: integer(env, 'UPLOAD_MAX_BYTES', 10 * 1024 * 1024, 1024, 100 * 1024 * 1024),
      // a 48-megapixel phone photo decodes to about 200 MB: the default leaves room for 40
      maxPixels: integer(env, 'UPLOAD_MAX_PIXELS', 40_000_000, 10_000, 268_402_689),
    },
    publicCacheTtlMs: integer(env, 'PUBLIC_CACHE_TTL_MS', 30_000, 0, 3_600_000),
    webDistDir,
    webSsrDir,
    logLevel,
    // a load balancer's few readiness probes; drain and grace together stay below the cluster's
    // stop_grace_period (30 s), so a stop ends here and not by SIGKILL
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', 5_000, 0, 600_000),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 20_000, 0, 600_000),
    trustProxy: trustProxy(env),
    analytics,
    mail: mailConfig(env, dataDir, publicBaseUrl),
    exportTtlSeconds: duration(env, 'EXPORT_TTL', 7 * 86400),
    metrics: parseMetricsEnv(env),
    walletPass: parseWalletPassEnv(env, cwd),
    googleWallet: parseGoogleWalletEnv(env, cwd),
    backup: parseBackupEnv(env, dataDir, cwd),
    webhooks: parseWebhookEnv(env),
    reportsEnabled: envBoolean(env, 'REPORTS_ENABLED', true),
  };
}

/** the configuration as it is safe to log: secrets and credentials hidden */
export function describeConfig(config: AppConfig): Record<string, unknown> {
  return {
    ...config,
    jwtSecret: '***',
    mongoUrl: hideCredentials(config.mongoUrl),
    analytics: describeAnalyticsConfig(config.analytics),
    mail: { ...config.mail, smtpUrl: hideCredentials(config.mail.smtpUrl) },
    walletPass: describeWalletPassConfig(config.walletPass),
    googleWallet: describeGoogleWalletConfig(config.googleWallet),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
