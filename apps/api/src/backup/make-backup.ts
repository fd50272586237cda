import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { QUEUE_SNAPSHOT_QUERIES, type AnalyticsBackup } from '@cardcraft/analytics';
import {
  snapshotSqliteFile,
  sqliteFileIn,
  STORAGE_SNAPSHOT_QUERIES,
  type SqliteSnapshot,
} from '@cardcraft/storage';
import { ArchiveWriter } from './backup-archive';
import {
  ARCHIVE_PATHS,
  MANIFEST_FORMAT,
  MANIFEST_PATH,
  MANIFEST_VERSION,
  type BackupManifest,
} from './backup-manifest';

/** what a backup reads from: the running product's stores, or the files of one that is not running */
export interface BackupSource {
  dataDir: string;
  analytics: AnalyticsBackup;
  /** hands the views recorded so far to the queue (the running product's buffer; nothing otherwise) */
  flush(): Promise<void>;
  /**
   * runs the snapshots while no batch moves from the queue to the analytics store: the running
   * product pauses its worker loop (not its requests); with no product running nothing moves anyway
   */
  whileIngestPaused<T>(snapshots: () => Promise<T>): Promise<T>;
}

export type BackupProgress = (step: string) => void;

/** the product's name and version, from the api's package.json (beside src/ and dist/ alike) */
function productVersion(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string };
  return { name: 'cardcraft', version: pkg.version };
}

const asNumber = (value: number | string | null | undefined): number => Number(value ?? 0);

interface Snapshots {
  sqlite: SqliteSnapshot;
  analyticsDir: string;
  analyticsTables: Record<string, number>;
  analyticsMigrations: number[];
  pausedMs: number;
}

/**
 * the one backup: the mark, the buffer flushed, then with the worker loop paused the sqlite file
 * (accounts, cards, leads, sessions and the queue, one consistent copy) and the analytics
 * (ClickHouse's BACKUP), so every event before the mark is in one of them (a batch whose delete from
 * the queue failed after its insert is in both: restoreBackup takes it off the queue); then one tar.gz
 * of both, the media files, the mail outbox and the session secret, with the manifest last
 */
export async function makeBackup(
  source: BackupSource,
  file: string,
  progress: BackupProgress = () => {},
): Promise<BackupManifest> {
  const started = performance.now();
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
  const staging = join(source.dataDir, `.backup-${id}`);
  await mkdir(staging, { recursive: true, mode: 0o700 });
  const writer = new ArchiveWriter(file);
  let analyticsDir: string | null = null;
  try {
    const markAt = new Date();
    await source.flush();
    progress(`mark ${markAt.toISOString()}: views answered before it are in this backup`);
    const snapshots = await source.whileIngestPaused(async (): Promise<Snapshots> => {
      const pausedAt = performance.now();
      const sqlite = await snapshotSqliteFile(
        sqliteFileIn(source.dataDir),
        join(staging, ARCHIVE_PATHS.sqlite),
        {
          ...STORAGE_SNAPSHOT_QUERIES,
          ...QUEUE_SNAPSHOT_QUERIES,
        },
      );
      analyticsDir = await source.analytics.backupDatabase(id);
      const analyticsTables = await source.analytics.tableRows();
      const analyticsMigrations = await source.analytics.appliedMigrations();
      return {
        sqlite,
        analyticsDir,
        analyticsTables,
        analyticsMigrations,
        pausedMs: performance.now() - pausedAt,
      };
    });
    const { values } = snapshots.sqlite;
    progress(
      `snapshots taken (worker loop paused ${Math.round(snapshots.pausedMs)} ms): ${asNumber(values.queuedEvents)} queued events, ${snapshots.analyticsTables.events ?? 0} stored`,
    );
    await writer.addFile(ARCHIVE_PATHS.sqlite, join(staging, ARCHIVE_PATHS.sqlite));
    await writer.addDirectory(ARCHIVE_PATHS.analytics, snapshots.analyticsDir);
    // a .part is an upload still being written: its row is not in the copy
    const mediaFiles = await writer.addDirectory(ARCHIVE_PATHS.media, join(source.dataDir, 'media'), (name) =>
      name.endsWith('.part'),
    );
    await writer.addDirectory(ARCHIVE_PATHS.outbox, join(source.dataDir, 'outbox'));
    // the owners' data exports the copy's rows say are ready; a .part is one still being made
    await writer.addDirectory(ARCHIVE_PATHS.exports, join(source.dataDir, 'exports'), (name) =>
      name.endsWith('.part'),
    );
    const secret = join(source.dataDir, ARCHIVE_PATHS.jwtSecret);
    if (existsSync(secret)) await writer.addFile(ARCHIVE_PATHS.jwtSecret, secret);
    progress(`files archived: ${writer.files.length} (${mediaFiles} media)`);
    const storedEvents = snapshots.analyticsTables.events ?? 0;
    const queuedEvents = asNumber(values.queuedEvents);
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      formatVersion: MANIFEST_VERSION,
      product: productVersion(),
      createdAt: new Date().toISOString(),
      tookMs: 0,
      pausedMs: Math.round(snapshots.pausedMs),
      mark: {
        at: markAt.toISOString(),
        lastQueuedBatchId: values.lastQueuedBatchId === null ? null : String(values.lastQueuedBatchId),
        queuedBatches: asNumber(values.queuedBatches),
        queuedEvents,
      },
      schema: {
        sqliteTables: String(values.tables ?? '')
          .split(',')
          .filter(Boolean),
        analyticsMigrations: snapshots.analyticsMigrations,
      },
      counts: {
        users: asNumber(values.users),
        profiles: asNumber(values.profiles),
        leads: asNumber(values.leads),
        media: asNumber(values.media),
        mediaFiles,
        sessions: asNumber(values.sessions),
        teams: asNumber(values.teams),
        teamMembers: asNumber(values.team_members),
        teamInvitations: asNumber(values.team_invitations),
        cardTemplates: asNumber(values.card_templates),
        events: storedEvents + queuedEvents,
        storedEvents,
        queuedEvents,
        deadLetterEvents: asNumber(values.deadEvents),
        analyticsTables: snapshots.analyticsTables,
      },
      files: writer.files,
    };
    manifest.tookMs = Math.round(performance.now() - started);
    await writer.finish(MANIFEST_PATH, Buffer.from(JSON.stringify(manifest, null, 2)));
    progress(`written ${file} in ${manifest.tookMs} ms`);
    return manifest;
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
    if (analyticsDir) await rm(analyticsDir, { recursive: true, force: true });
  }
}
