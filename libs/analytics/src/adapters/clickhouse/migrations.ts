import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ClickHouseClient } from '@clickhouse/client';
import { toClickHouseTime } from '../../events';

/** the package's own migrations/ folder (shipped with it), from src/ and from dist/ alike */
export const DEFAULT_MIGRATIONS_DIR = resolve(__dirname, '../../../migrations');

export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

const FILE = /^(\d{3,})-([a-z0-9-]+)\.sql$/;

/** statements end with a semicolon at the end of a line; `--` comment lines are dropped */
export function splitStatements(sql: string): string[] {
  const withoutComments = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
  return withoutComments
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function readMigrations(dir: string = DEFAULT_MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = FILE.exec(file);
      if (!match) throw new Error(`migration file ${file} is not named NNN-name.sql`);
      return {
        version: Number(match[1]),
        name: match[2],
        statements: splitStatements(readFileSync(join(dir, file), 'utf8')),
      };
    })
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i].version === migrations[i - 1].version) {
      throw new Error(`two migrations share the number ${migrations[i].version}`);
    }
  }
  return migrations;
}

/**
 * forward only: applies every migration not yet recorded, in order, and records it. statements are
 * written to be idempotent (IF NOT EXISTS) so two processes starting together do no harm.
 */
export async function runMigrations(
  client: ClickHouseClient,
  dir: string = DEFAULT_MIGRATIONS_DIR,
): Promise<number[]> {
  await client.command({
    query: `CREATE TABLE IF NOT EXISTS schema_migrations (
      version UInt32,
      name String,
      applied_at DateTime64(3, 'UTC')
    ) ENGINE = ReplacingMergeTree ORDER BY version`,
  });
  const applied = await appliedVersions(client);
  const done: number[] = [];
  for (const migration of readMigrations(dir)) {
    if (applied.has(migration.version)) continue;
    for (const statement of migration.statements) await client.command({ query: statement });
    await client.insert({
      table: 'schema_migrations',
      values: [
        { version: migration.version, name: migration.name, applied_at: toClickHouseTime(new Date()) },
      ],
      format: 'JSONEachRow',
    });
    done.push(migration.version);
  }
  return done;
}

/** the versions a store has applied */
export async function appliedVersions(client: ClickHouseClient): Promise<Set<number>> {
  const result = await client.query({
    query: 'SELECT DISTINCT version FROM schema_migrations',
    format: 'JSONEachRow',
  });
  return new Set((await result.json<{ version: number | string }>()).map((r) => Number(r.version)));
}

/** the versions a store has applied; none on a store never migrated (no schema_migrations yet) */
async function recordedVersions(client: ClickHouseClient): Promise<Set<number>> {
  const result = await client.query({
    query:
      "SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = 'schema_migrations'",
    format: 'JSONEachRow',
  });
  const [{ n }] = await result.json<{ n: number | string }>();
  return Number(n) > 0 ? appliedVersions(client) : new Set<number>();
}

/** a store's schema beside a build's migrations */
export interface SchemaState {
  /** the newest version the store has applied (0: none) */
  stored: number;
  /** the newest version the build has */
  latest: number;
  /** the build's versions the store has not applied yet */
  pending: number[];
}

/** reads, never writes: what a store has applied against the migrations in `dir` */
export async function schemaState(
  client: ClickHouseClient,
  dir: string = DEFAULT_MIGRATIONS_DIR,
): Promise<SchemaState> {
  const applied = await recordedVersions(client);
  const versions = readMigrations(dir).map((migration) => migration.version);
  return {
    stored: Math.max(0, ...applied),
    latest: Math.max(0, ...versions),
    pending: versions.filter((version) => !applied.has(version)),
  };
}

/** the versions in `dir` a store has not applied yet (all of them on a store never migrated) */
export async function pendingMigrations(
  client: ClickHouseClient,
  dir: string = DEFAULT_MIGRATIONS_DIR,
): Promise<number[]> {
  return (await schemaState(client, dir)).pending;
}
