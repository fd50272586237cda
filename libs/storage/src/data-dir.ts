import { closeSync, fsyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { envText, type Env } from '@cardcraft/config';

/** the embedded product's one SQLite file in DATA_DIR: users, profiles, messages, the event queue */
export const SQLITE_FILE_NAME = 'cardcraft.db';

export function sqliteFileIn(dataDir: string): string {
  return join(dataDir, SQLITE_FILE_NAME);
}

/** DATA_DIR (default ./data), absolute; relative values are taken from cwd */
export function dataDirFrom(env: Env, cwd: string): string {
  const raw = envText(env, 'DATA_DIR') ?? 'data';
  return isAbsolute(raw) ? raw : resolve(cwd, raw);
}

/** the data directory cannot hold the product's files: read-only, full, or not ours to write */
export class DataDirError extends Error {
  constructor(
    readonly dir: string,
    reason: Error,
  ) {
    super(`the data directory ${dir} cannot be written: ${reason.message}`, { cause: reason });
    this.name = 'DataDirError';
  }
}

/** what a storage error looks like when it comes from the disk rather than from the data */
const DISK_ERROR =
  /\b(ENOSPC|EROFS|EACCES|EPERM|EDQUOT|SQLITE_FULL|SQLITE_READONLY|SQLITE_CANTOPEN|SQLITE_IOERR)\b|no space left|read-only file system|permission denied|disk (is )?full|not enough space|cannot (open|create|write)/i;

/** whether an error thrown while opening or writing a store is the disk's (full, read-only, denied) */
export function isDiskError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  return DISK_ERROR.test(`${code ?? ''} ${err.message}`);
}

/**
 * writes, syncs and removes a small file in the directory, so a start on a read-only or full disk
 * stops here with the directory's name instead of deep inside a store. throws DataDirError
 */
export function checkDataDirWritable(dir: string): void {
  const probe = join(dir, `.write-check-${process.pid}`);
  let fd: number | null = null;
  try {
    fd = openSync(probe, 'w', 0o600);
    writeSync(fd, Buffer.alloc(64 * 1024));
    fsyncSync(fd);
  } catch (err) {
    throw new DataDirError(dir, err as Error);
  } finally {
    if (fd !== null) closeSync(fd);
    rmSync(probe, { force: true });
  }
}
