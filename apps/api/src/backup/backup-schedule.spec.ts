import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackupSchedule, pruneBackups, scheduledBackupName } from './backup-schedule';

describe('the scheduled backups (BACKUP_INTERVAL, BACKUP_KEEP)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-schedule-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names each archive by its time, so that the names sort by age', () => {
    expect(scheduledBackupName(new Date('2026-11-26T06:00:00.123Z'))).toBe(
      'cardcraft-backup-20261126T060000Z.tar.gz',
    );
  });

  it('keeps the newest BACKUP_KEEP archives and leaves every other file alone', async () => {
    const days = [1, 2, 3, 4, 5].map((day) => scheduledBackupName(new Date(Date.UTC(2026, 10, day))));
    for (const name of [...days, 'by-hand.tar.gz', 'notes.txt']) writeFileSync(join(dir, name), 'x');
    expect(await pruneBackups(dir, 2)).toEqual(days.slice(0, 3));
    expect(readdirSync(dir).sort()).toEqual(['by-hand.tar.gz', ...days.slice(3), 'notes.txt'].sort());
  });

  it('writes an archive, then prunes; a failed backup is logged and thrown at nobody', async () => {
    const lines: string[] = [];
    const logger = {
      log: (line: string) => lines.push(line),
      error: (line: string) => lines.push(`ERROR ${line}`),
    };
    let fail = false;
    const schedule = new BackupSchedule(
      { intervalMs: 60_000, keep: 1, dir },
      async (file) => {
        if (fail) throw new Error('disk full');
        writeFileSync(file, 'archive');
      },
      logger,
    );
    await schedule.once(new Date('2026-11-26T06:00:00Z'));
    await schedule.once(new Date('2026-11-26T12:00:00Z'));
    expect(readdirSync(dir)).toEqual(['cardcraft-backup-20261126T120000Z.tar.gz']);
    fail = true;
    await schedule.once(new Date('2026-11-26T18:00:00Z'));
    expect(readdirSync(dir)).toEqual(['cardcraft-backup-20261126T120000Z.tar.gz']);
    expect(lines.at(-1)).toMatch(/^ERROR scheduled backup .*20261126T180000Z.tar.gz failed: disk full$/);
    expect(lines[1]).toContain('removed cardcraft-backup-20261126T060000Z.tar.gz');
  });
});
