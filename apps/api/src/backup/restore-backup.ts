import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  analyticsConfigDefaults,
  knownAnalyticsMigrations,
  restoreAnalyticsStore,
} from '@cardcraft/analytics';
import { DamagedArchiveError, extractArchive } from './backup-archive';
import {
  ARCHIVE_PATHS,
  MANIFEST_PATH,
  manifestProblems,
  parseManifest,
  type BackupManifest,
} from './backup-manifest';
import type { BackupProgress } from './make-backup';

/** a restore that would overwrite data: nothing was written */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** what DATA_DIR holds already; empty when it is missing or empty */
async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** moves `from` to `to` when it exists (a part the archive may not have: no media, no outbox) */
async function moveIfThere(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * fills an empty DATA_DIR from an archive of makeBackup. everything happens in a folder beside it
 * first: the archive is extracted and every file checked against the manifest, the analytics
 * restored with ClickHouse's RESTORE and their rows compared with the manifest's; only then is the
 * folder renamed to DATA_DIR. a refusal or a damaged archive leaves DATA_DIR as it was
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  progress: BackupProgress = () => {},
): Promise<BackupManifest> {
  await stat(file);
  const present = await entriesOf(dataDir);
  if (present.length > 0) {
    const shown =
      present.slice(0, 5).join(', ') + (present.length > 5 ? `, ... ${present.length} entries` : '');
    throw new RestoreRefusedError(`Cannot restore: DATA_DIR ${dataDir} is not empty (${shown})`);
  }
  await mkdir(dirname(dataDir), { recursive: true });
  const work = await mkdtemp(join(dirname(dataDir), `.${basename(dataDir)}.restore-`));
  try {
    const archive = join(work, 'archive');
    const extracted = await extractArchive(file, archive);
    const manifestText = extracted.has(MANIFEST_PATH)
      ? await readFile(join(archive, MANIFEST_PATH), 'utf8')
      : '';
    const manifest = parseManifest(manifestText);
    if (!manifest) throw new DamagedArchiveError(file, `${MANIFEST_PATH} is missing or unreadable`);
    const problems = manifestProblems(manifest, extracted, knownAnalyticsMigrations());
    if (problems.length > 0) throw new DamagedArchiveError(file, problems.join('; '));
    progress(`archive checked: ${manifest.files.length} files match the manifest of ${manifest.createdAt}`);

    const data = join(work, 'data');
    await mkdir(data, { mode: 0o700 });
    await rename(join(archive, ARCHIVE_PATHS.sqlite), join(data, ARCHIVE_PATHS.sqlite));
    await moveIfThere(join(archive, ARCHIVE_PATHS.media), join(data, ARCHIVE_PATHS.media));
    await moveIfThere(join(archive, ARCHIVE_PATHS.outbox), join(data, ARCHIVE_PATHS.outbox));
    await moveIfThere(join(archive, ARCHIVE_PATHS.exports), join(data, ARCHIVE_PATHS.exports));
    await moveIfThere(join(archive, ARCHIVE_PATHS.jwtSecret), join(data, ARCHIVE_PATHS.jwtSecret));
    await chmod(join(data, ARCHIVE_PATHS.jwtSecret), 0o600).catch(() => undefined);

    // the analytics store as the embedded product opens it (DATA_DIR/chdb), filled by RESTORE
    // and the queue's batches the restored events already hold taken off it: stored again, with the
    // store's deduplication log not restored, they would count twice
    const { rows, alreadyStored } = await restoreAnalyticsStore(
      analyticsConfigDefaults(data),
      join(archive, ARCHIVE_PATHS.analytics),
    );
    const differ = Object.entries(manifest.counts.analyticsTables).filter(([table, n]) => rows[table] !== n);
    if (differ.length > 0) {
      const which = differ.map(([table, n]) => `${table} ${rows[table] ?? 0} rows, not ${n}`).join('; ');
      throw new DamagedArchiveError(file, `the restored analytics differ from the manifest: ${which}`);
    }
    if (alreadyStored.batches > 0) {
      progress(
        `${alreadyStored.batches} queued batches (${alreadyStored.events} events) were already stored: taken off the queue`,
      );
    }
    progress(
      `analytics restored: ${rows.events ?? 0} events, ${Math.max(0, manifest.mark.queuedEvents - alreadyStored.events)} more queued`,
    );

    // DATA_DIR may exist, empty: it is replaced by the filled folder in one rename
    if ((await entriesOf(dataDir)).length > 0) {
      throw new RestoreRefusedError(`Cannot restore: DATA_DIR ${dataDir} was written to during the restore`);
    }
    await rmdir(dataDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(data, dataDir);
    progress(`restored into ${dataDir}`);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
