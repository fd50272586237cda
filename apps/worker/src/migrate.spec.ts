import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { parse } from 'yaml';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../infra/test/clickhouse-http-fixture';
import { ClickHouseAnalyticsStore } from '../../../libs/analytics/src/adapters/clickhouse/clickhouse-analytics-store';
import { readMigrations } from '../../../libs/analytics/src/adapters/clickhouse/migrations';
import {
  DEFAULT_RAW_RETENTION_DAYS,
  analyticsConfigDefaults,
  type AnalyticsConfig,
} from '../../../libs/analytics/src/config';
import { openAnalyticsStore } from '../../../libs/analytics/src/runtime';
import { createStorage, sqliteFileIn } from '../../../libs/storage/src';
import { MONGO_MIGRATIONS } from '../../../libs/storage/src/adapters/mongo/mongo-migrations';
import { ROOT, runFromSources } from './testing/worker-process';

/** the newest ClickHouse migration this build has */
const LATEST = Math.max(...readMigrations().map((migration) => migration.version));

/** the real migrate entry point, run from its sources in a child process; its output and exit code */
async function runMigrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const migrate = runFromSources('apps/worker/src/migrate.ts', env);
  const code = await migrate.exited();
  return { code, output: migrate.output() };
}

/** drops a database the case made */
async function dropDatabase(mongoUrl: string): Promise<void> {
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
}

describe('npm run migrate: the storage and ClickHouse migrations as a step of their own', () => {
  let dir: string;
  let fixture: ClickHouseHttpFixture;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-migrate-'));
    fixture = await startClickHouseHttpFixture({ dir: join(dir, 'ch') });
  }, 30_000);
  afterAll(async () => {
    await fixture?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const clusterConfig = (): AnalyticsConfig => ({
    ...analyticsConfigDefaults(join(dir, 'data')),
    store: {
      kind: 'http',
      url: fixture.url,
      rawRetentionDays: DEFAULT_RAW_RETENTION_DAYS,
      migrateAtStart: false,
    },
  });

  it('a cluster process refuses a store the step has not migrated, applies nothing, names the step', async () => {
    await expect(openAnalyticsStore(clusterConfig())).rejects.toThrow(
      `the ClickHouse server at ${fixture.url} is at schema version 0, older than this build's ${LATEST}; run \`npm run migrate\` (the cluster's migrate service) first.`,
    );
  });

  it('applies every migration once, to MongoDB and to ClickHouse over http; a second run finds none pending', async () => {
    const versions = readMigrations().map((migration) => migration.version);
    const mongoUrl = new URL(process.env.TEST_MONGO_URL!);
    mongoUrl.pathname = `/cardcraft_migrate_${process.pid}_${Date.now().toString(36)}`;
    const env = {
      MONGO_URL: mongoUrl.toString(),
      CLICKHOUSE_URL: fixture.url,
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'info',
    };

    const first = await runMigrate(env);
    expect(first.code).toBe(0);
    expect(first.output).toContain(
      `applied migration ${MONGO_MIGRATIONS.map(({ version }) => version).join(', ')} to MongoDB at ${mongoUrl}`,
    );
    expect(first.output).toContain(`applied migration ${versions.join(', ')} to ClickHouse over http`);
    const second = await runMigrate(env);
    expect(second.code).toBe(0);
    expect(second.output).toContain(`MongoDB at ${mongoUrl}: no migration pending`);
    expect(second.output).toContain('ClickHouse over http: no migration pending');

    // now the cluster's processes open the stores without migrating them
    const store = await openAnalyticsStore(clusterConfig());
    const storage = await createStorage({ kind: 'mongo', mongoUrl: env.MONGO_URL });
    try {
      expect(await store.pendingMigrations()).toEqual([]);
    } finally {
      await storage.close();
      await store.close();
      await dropDatabase(env.MONGO_URL);
    }
  }, 60_000);

  it('refuses a ClickHouse schema a newer build migrated: migrate and the worker each in one line, nothing written', async () => {
    const store = ClickHouseAnalyticsStore.open({ transport: { kind: 'http', url: fixture.url } });
    try {
      await store.migrate();
      await store.client.command({
        query: `INSERT INTO schema_migrations VALUES (${LATEST + 1}, 'from-a-later-build', now64(3))`,
      });
    } finally {
      await store.close();
    }
    const dataDir = join(dir, 'data-newer');
    const env = { CLICKHOUSE_URL: fixture.url, DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    const worker = runFromSources('apps/worker/src/main.ts', { ...env, REDIS_URL: 'redis://127.0.0.1:1' });
    const [migrated, workerCode] = await Promise.all([runMigrate(env), worker.exited()]);
    const refusal = `the ClickHouse server at ${fixture.url} is at schema version ${LATEST + 1}, newer than this build's ${LATEST}; run a build at least as new, or restore a backup made by this one.`;
    expect(migrated).toEqual({ code: 1, output: `Cannot migrate: ${refusal}\n` });
    expect({ code: workerCode, output: worker.output() }).toEqual({
      code: 1,
      output: `Cannot start: ${refusal}\n`,
    });
    // refused before the storage was migrated: its sqlite file was never made
    expect(existsSync(sqliteFileIn(dataDir))).toBe(false);
  }, 30_000);

  it('stops with a configuration error naming the variable', async () => {
    const result = await runMigrate({ CLICKHOUSE_URL: 'clickhouse:8123', DATA_DIR: join(dir, 'data') });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Configuration error: CLICKHOUSE_URL must/);
  }, 30_000);
});

describe("the cluster's compose file runs the migrations once, before the api and the worker", () => {
  type Service = {
    image?: string;
    command?: string[];
    restart?: string;
    environment?: Record<string, string>;
    depends_on?: Record<string, { condition: string }>;
  };
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const { migrate, api, worker, clickhouse } = compose.services;

  it('has a one-shot migrate service in the worker image, after MongoDB and ClickHouse are up', () => {
    expect(clickhouse).toBeDefined();
    expect(migrate.image).toBe(worker.image);
    expect(migrate.command).toEqual(['node', 'apps/worker/dist/migrate.js']);
    expect(migrate.restart).toBe('no');
    expect(migrate.depends_on).toEqual({
      'mongo-init': { condition: 'service_completed_successfully' },
      clickhouse: { condition: 'service_healthy' },
    });
    // the same database as the api's
    expect(migrate.environment?.MONGO_URL).toBe(api.environment?.MONGO_URL);
    // the same server, credentials and retention as the processes that read and write it
    for (const name of [
      'CLICKHOUSE_URL',
      'CLICKHOUSE_DATABASE',
      'CLICKHOUSE_USER',
      'CLICKHOUSE_PASSWORD',
      'ANALYTICS_RAW_RETENTION_DAYS',
    ]) {
      expect(migrate.environment?.[name]).toBe(api.environment?.[name]);
      expect(worker.environment?.[name]).toBe(api.environment?.[name]);
    }
    expect(migrate.environment?.CLICKHOUSE_MIGRATE_AT_START).toBeUndefined();
  });

  it.each([
    ['api', api],
    ['worker', worker],
  ])('the %s waits for it to finish successfully and does not migrate at start', (_name, service) => {
    expect(service.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    expect(service.environment?.CLICKHOUSE_MIGRATE_AT_START).toBe('false');
  });
});
