import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateStorage } from '@cardcraft/storage';
import { createApp, type AppOptions } from '../../app';
import { loadConfig, type AppConfig } from '../config/app-config';
import { RATE_LIMIT_SETTINGS } from '../config/rate-limit-settings';
import { httpClient } from './http';

export type StorageKind = 'sqlite' | 'mongo';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

let databaseCounter = 0;

/** every RATE_LIMIT_* variable at a budget no suite spends */
export function unlimitedRateLimits(): Record<string, string> {
  return Object.fromEntries(
    Object.values(RATE_LIMIT_SETTINGS).map(({ variable }) => [variable, '1000000/1m']),
  );
}

/**
 * boots the real API on a free loopback port with a fresh data directory; for 'mongo' a fresh database
 * on the FerretDB the global setup started (TEST_MONGO_URL), migrated first.
 */
export async function startTestApp(
  kind: StorageKind,
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-api-'));
  const baseEnv: Record<string, string> = {
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    // suites that are not about abuse limits never meet one (throttling/*.spec.ts sets its own)
    ...unlimitedRateLimits(),
    PUBLIC_BASE_URL: 'https://cards.example.test',
    WEB_DIST_DIR: '',
    // the tests act as the proxy in front of the api, giving each visitor an address of their own
    TRUST_PROXY: 'true',
    // the least scrypt work allowed: the suites register hundreds of users on a small machine
    // (auth/password-upgrade.spec.ts checks the product default)
    PASSWORD_SCRYPT_COST: '16384',
  };
  if (kind === 'mongo') {
    const base = process.env.TEST_MONGO_URL;
    if (!base) throw new Error('TEST_MONGO_URL is not set: the jest global setup starts FerretDB');
    const database = `api_${process.pid}_${Date.now()}_${databaseCounter++}`;
    const url = new URL(base);
    url.pathname = `/${database}`;
    baseEnv.MONGO_URL = url.toString();
    baseEnv.JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
  }
  const config = loadConfig({ ...baseEnv, ...env });
  // the cluster's migrate step, which runs before any api (the api only checks the version)
  if (config.mongoUrl) await migrateStorage({ kind: 'mongo', mongoUrl: config.mongoUrl });
  const app = await createApp(config, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    app,
    config,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * the API of a suite: started before its tests, closed after them. `http` talks to it; `app()` is
 * the running instance (available from the suite's first test on).
 */
export function apiUnderTest(kind: StorageKind, env: Record<string, string> = {}, options: AppOptions = {}) {
  let running: TestApp | undefined;
  beforeAll(async () => {
    running = await startTestApp(kind, env, options);
  });
  afterAll(async () => {
    await running?.close();
  });
  const app = (): TestApp => {
    if (!running) throw new Error('the API under test starts in beforeAll');
    return running;
  };
  return { app, http: httpClient(() => app().url) };
}
