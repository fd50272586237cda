import { isAbsolute, join, resolve } from 'node:path';
import { ConfigError, envInteger, envText, type Env } from '@cardcraft/config';

/** the embedded product's scheduled backups (docs/operations.md, "Backup and restore") */
export interface BackupConfig {
  /** BACKUP_INTERVAL; null: no scheduled backup (the default) */
  intervalMs: number | null;
  /** BACKUP_KEEP: the scheduled archives kept, the oldest removed first */
  keep: number;
  /** BACKUP_DIR: where the scheduled archives go (DATA_DIR/backups unless told otherwise) */
  dir: string;
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** BACKUP_INTERVAL: off, or a duration from 1m to 30d like 30m, 6h or 1d */
function interval(env: Env): number | null {
  const raw = envText(env, 'BACKUP_INTERVAL');
  if (raw === undefined || raw === 'off') return null;
  const match = /^(\d+)\s*([mhd])$/.exec(raw);
  const ms = match ? Number(match[1]) * UNIT_MS[match[2]] : NaN;
  if (!(ms >= 60_000 && ms <= 30 * 86_400_000)) {
    throw new ConfigError(
      `BACKUP_INTERVAL must be off or a duration from 1m to 30d like 30m, 6h or 1d (got "${raw}")`,
    );
  }
  return ms;
}

export function parseBackupEnv(env: Env, dataDir: string, cwd: string): BackupConfig {
  const dir = envText(env, 'BACKUP_DIR');
  return {
    intervalMs: interval(env),
    keep: envInteger(env, 'BACKUP_KEEP', 7, 1, 1000),
    dir: dir ? (isAbsolute(dir) ? dir : resolve(cwd, dir)) : join(dataDir, 'backups'),
  };
}
