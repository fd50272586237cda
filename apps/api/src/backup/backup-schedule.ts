import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** the scheduled archives' names: the time they were started, so that they sort by age */
const SCHEDULED = /^cardcraft-backup-\d{8}T\d{6}Z\.tar\.gz$/;

export function scheduledBackupName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `cardcraft-backup-${stamp}.tar.gz`;
}

/** removes the oldest scheduled archives of `dir` beyond `keep`; other files are left alone */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => SCHEDULED.test(name)).sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) await rm(join(dir, name), { force: true });
  return removed;
}

export interface ScheduleLog {
  log(message: string): void;
  error(message: string): void;
}

/**
 * BACKUP_INTERVAL: a backup every interval into the folder, then the oldest pruned beyond keep. a
 * failed one is logged and the next comes at its time; a backup that runs long is not doubled
 */
export class BackupSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly options: { intervalMs: number; keep: number; dir: string },
    private readonly backup: (file: string) => Promise<unknown>,
    private readonly logger: ScheduleLog,
  ) {}

  start(): void {
    const { intervalMs, keep, dir } = this.options;
    this.logger.log(
      `a backup every ${Math.round(intervalMs / 60_000)} min into ${dir}, the last ${keep} kept`,
    );
    this.timer = setInterval(() => {
      this.running ??= this.once().finally(() => (this.running = null));
    }, intervalMs);
    this.timer.unref();
  }

  /** one scheduled backup now, then the pruning */
  async once(now = new Date()): Promise<void> {
    const file = join(this.options.dir, scheduledBackupName(now));
    try {
      await this.backup(file);
      const removed = await pruneBackups(this.options.dir, this.options.keep);
      this.logger.log(
        `scheduled backup written: ${file}${removed.length ? `; removed ${removed.join(', ')}` : ''}`,
      );
    } catch (error) {
      this.logger.error(`scheduled backup ${file} failed: ${(error as Error).message}`);
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
