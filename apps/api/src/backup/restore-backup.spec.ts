import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import {
  analyticsConfigDefaults,
  openAnalyticsStoreAsIs,
  startWorkerAnalytics,
  type AnalyticsConfig,
  type EmbeddedQueueConfig,
  type EventBatch,
} from '@cardcraft/analytics';
import { migrateStorage, openSqliteFile, sqliteFileIn } from '@cardcraft/storage';
import { ClickHouseAnalyticsStore } from '../../../../libs/analytics/src/adapters/clickhouse/clickhouse-analytics-store';
import { SqliteEventQueue, SqliteQueueDatabase } from '../../../../libs/analytics/src/adapters/sqlite-queue';
import { sampleEvent } from '../../../../libs/analytics/src/testing/sample-events';
import { eventually } from '../platform/testing/eventually';
import type { BackupManifest } from './backup-manifest';
import { makeBackup } from './make-backup';
import { restoreBackup } from './restore-backup';

const quiet = { log: () => {}, warn: () => {}, error: () => {} };

/** the embedded analytics of a data directory, inserting as soon as batches wait */
function configIn(dataDir: string): AnalyticsConfig<EmbeddedQueueConfig> {
  const defaults = analyticsConfigDefaults(dataDir);
  return { ...defaults, queue: { ...defaults.queue, insertIntervalMs: 0 } };
}

function batchOf(events: number): EventBatch {
  return {
    id: uuidv7(),
    events: Array.from({ length: events }, () => sampleEvent({ profileId: 'profile-restored' })),
  };
}

/** batches queued in the data directory's file */
async function enqueue(dataDir: string, batches: EventBatch[]): Promise<void> {
  const database = new SqliteQueueDatabase(sqliteFileIn(dataDir));
  try {
    await new SqliteEventQueue(database).enqueue(batches);
  } finally {
    database.close();
  }
}

/** runs the worker loop on the data directory until it has stored this many events, then stops it */
async function storeQueued(dataDir: string, events: number): Promise<void> {
  const worker = await startWorkerAnalytics(configIn(dataDir), quiet);
  try {
    await eventually(
      async () => worker.stats().processedEvents,
      (n) => n >= events,
    );
  } finally {
    await worker.close();
  }
}

/** one statement on the sqlite file, from a connection of its own */
function run(file: string, sql: string, ...params: unknown[]): void {
  const db = openSqliteFile(file);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** the backup as `npm run backup` takes it of a product that is not running */
async function backupDirectly(dataDir: string, archive: string): Promise<BackupManifest> {
  const analytics = openAnalyticsStoreAsIs(configIn(dataDir));
  try {
    const source = {
      dataDir,
      analytics,
      flush: async () => {},
      whileIngestPaused: <T>(take: () => Promise<T>) => take(),
    };
    return await makeBackup(source, archive);
  } finally {
    await analytics.close();
  }
}

/** the events a data directory's chDB holds, their distinct ids, and the hourly rollup's total */
async function counted(dataDir: string): Promise<{ rows: number; ids: number; rollup: number }> {
  const store = ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dataDir, 'chdb') } });
  try {
    const result = await store.client.query({
      query: `SELECT (SELECT count() FROM events) AS rows, (SELECT uniqExact(event_id) FROM events) AS ids,
                     (SELECT sum(events) FROM events_hourly) AS rollup`,
      format: 'JSONEachRow',
    });
    const [row] = await result.json<Record<'rows' | 'ids' | 'rollup', string | number>>();
    return { rows: Number(row.rows), ids: Number(row.ids), rollup: Number(row.rollup) };
  } finally {
    await store.close();
  }
}

describe('a restore counts a batch that was stored and still queued at the backup once', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'cardcraft-restore-queued-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('takes such batches off the restored queue, alone or inserted as a group, and stores the rest', async () => {
    const source = join(root, 'data');
    const file = sqliteFileIn(source);
    await migrateStorage({ kind: 'sqlite', file });
    new SqliteQueueDatabase(file).close();
    // the delete after a successful insert fails: the batches stay queued, to be sent again
    run(
      file,
      "CREATE TRIGGER fail_delete BEFORE DELETE ON analytics_queue BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    );
    // one batch inserted alone, under its own id
    const alone = batchOf(4);
    await enqueue(source, [alone]);
    await storeQueued(source, 4);
    // then two waiting together, inserted as one group under the group's id; the first, still at the
    // head of the queue, is held back meanwhile (as a batch waiting for its next try is)
    const holdBack = 'UPDATE analytics_queue SET available_at = ? WHERE batch_id = ?';
    run(file, holdBack, Date.now() + 3_600_000, alone.id);
    await enqueue(source, [batchOf(3), batchOf(2)]);
    await storeQueued(source, 5);
    run(file, holdBack, Date.now(), alone.id);
    run(file, 'DROP TRIGGER fail_delete');
    // and one only queued
    await enqueue(source, [batchOf(6)]);
    expect(await counted(source)).toEqual({ rows: 9, ids: 9, rollup: 9 });

    // the backup as the command takes it with no product running: those three batches in both copies
    const archive = join(root, 'backup.tar.gz');
    const manifest = await backupDirectly(source, archive);
    expect(manifest.mark.queuedBatches).toBe(4);
    // the storage's tables are in the copy, the teams' too, counted
    expect(manifest.schema.sqliteTables).toEqual(
      expect.arrayContaining([
        'users',
        'profiles',
        'teams',
        'team_members',
        'team_invitations',
        'card_templates',
      ]),
    );
    expect(manifest.counts).toMatchObject({ teams: 0, teamMembers: 0, teamInvitations: 0, cardTemplates: 0 });

    const restored = join(root, 'restored');
    const said: string[] = [];
    await restoreBackup(archive, restored, (line) => said.push(line));
    expect(said).toContain('3 queued batches (9 events) were already stored: taken off the queue');
    // the restored product stores what is left, the batch only queued, and nothing twice
    await storeQueued(restored, 6);
    expect(await counted(restored)).toEqual({ rows: 15, ids: 15, rollup: 15 });
  });
});
