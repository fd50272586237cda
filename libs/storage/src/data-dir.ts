import { isAbsolute, join, resolve } from 'node:path';
import { envText, type Env } from '@cardcraft/contracts';

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
