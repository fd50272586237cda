// npm run backup -- <file>: one archive of the embedded product's DATA_DIR (read from the
// environment, as npm start reads it). a running product makes it itself, asked on its control
// socket, and goes on answering; with none running, this process opens the stores and makes it.
// npm run restore -- <file>: fills an empty DATA_DIR from such an archive, after checking all of it.
// asking a running product loads little (it may be busy answering): the stores, the archive and the
// configuration are loaded only by the paths that use them
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataDirFrom, sqliteFileIn } from '@cardcraft/storage';
import type { BackupManifest } from './backup-manifest';
import { controlSocketIn, NoProductError, sendControlRequest } from './control-socket';

const say = (line: string) => console.log(line);

function summary(manifest: BackupManifest): string {
  const { counts, mark } = manifest;
  return [
    `  mark ${mark.at}: ${counts.events} events (${counts.storedEvents} stored, ${mark.queuedEvents} queued)`,
    `  ${counts.users} accounts, ${counts.profiles} cards, ${counts.leads} leads, ${counts.media} images (${counts.mediaFiles} files), ${counts.sessions} sessions`,
  ].join('\n');
}

/** the product is not running: this process takes the files itself, nothing moves meanwhile */
async function backupDirectly(dataDir: string, file: string): Promise<BackupManifest> {
  const { loadConfig } = await import('../platform/config/app-config');
  const { embeddedStores } = await import('./embedded-stores');
  const { openAnalyticsStoreAsIs } = await import('@cardcraft/analytics');
  const { makeBackup } = await import('./make-backup');
  const config = loadConfig(process.env);
  if (!embeddedStores(config)) {
    throw new Error(
      'MONGO_URL, REDIS_URL or CLICKHOUSE_URL is set: back those stores up with their own tools',
    );
  }
  const analytics = openAnalyticsStoreAsIs(config.analytics);
  try {
    return await makeBackup(
      { dataDir, analytics, flush: async () => {}, whileIngestPaused: (snapshots) => snapshots() },
      file,
      say,
    );
  } finally {
    await analytics.close();
  }
}

async function backup(file: string): Promise<void> {
  const dataDir = dataDirFrom(process.env, process.cwd());
  if (!existsSync(sqliteFileIn(dataDir))) throw new Error(`DATA_DIR ${dataDir} holds no Cardcraft data`);
  let manifest: BackupManifest;
  try {
    manifest = (await sendControlRequest(
      controlSocketIn(dataDir),
      { command: 'backup', file },
      say,
    )) as BackupManifest;
  } catch (error) {
    if (!(error instanceof NoProductError)) throw error;
    say(`no product is running on ${dataDir}: backing up its files directly`);
    manifest = await backupDirectly(dataDir, file);
  }
  say(`backup written: ${file}\n${summary(manifest)}`);
}

async function restore(file: string): Promise<void> {
  const dataDir = dataDirFrom(process.env, process.cwd());
  const { restoreBackup } = await import('./restore-backup');
  const manifest = await restoreBackup(file, dataDir, say);
  say(`restored ${file} into ${dataDir}\n${summary(manifest)}\nstart the product on it: npm start`);
}

async function main(): Promise<void> {
  const [command, target] = process.argv.slice(2);
  if (!['backup', 'restore'].includes(command ?? '') || !target) {
    console.error('usage: npm run backup -- <file.tar.gz>  |  npm run restore -- <file.tar.gz>');
    process.exit(2);
  }
  const file = resolve(process.cwd(), target);
  try {
    await (command === 'backup' ? backup(file) : restore(file));
  } catch (error) {
    // the errors that say all there is to say in their message: no stack, no prefix
    const known = ['RestoreRefusedError', 'DamagedArchiveError', 'ConfigError', 'DataDirError'].includes(
      (error as Error).name,
    );
    const message = (error as Error).message;
    console.error(known || command === 'restore' ? message : `Backup failed: ${message}`);
    if (command === 'restore' && !known) console.error('nothing was written to DATA_DIR');
    process.exit(1);
  }
}

void main();
