import { ConfigError } from '@cardcraft/config';
import { parseBackupEnv } from './backup-config';

describe('BACKUP_INTERVAL, BACKUP_KEEP and BACKUP_DIR', () => {
  it('are off, 7 and DATA_DIR/backups unless set', () => {
    expect(parseBackupEnv({}, '/data', '/srv')).toEqual({ intervalMs: null, keep: 7, dir: '/data/backups' });
  });

  it('read durations in minutes, hours or days, and a directory from the working one', () => {
    expect(
      parseBackupEnv({ BACKUP_INTERVAL: '6h', BACKUP_KEEP: '3', BACKUP_DIR: 'bk' }, '/data', '/srv'),
    ).toEqual({
      intervalMs: 6 * 3_600_000,
      keep: 3,
      dir: '/srv/bk',
    });
    expect(parseBackupEnv({ BACKUP_INTERVAL: '1d' }, '/data', '/srv').intervalMs).toBe(86_400_000);
    expect(parseBackupEnv({ BACKUP_INTERVAL: 'off' }, '/data', '/srv').intervalMs).toBeNull();
  });

  it('refuse what they cannot read, naming the variable', () => {
    for (const value of ['6', '30s', '0m', '31d', 'daily']) {
      expect(() => parseBackupEnv({ BACKUP_INTERVAL: value }, '/data', '/srv')).toThrow(
        new ConfigError(
          `BACKUP_INTERVAL must be off or a duration from 1m to 30d like 30m, 6h or 1d (got "${value}")`,
        ),
      );
    }
    expect(() => parseBackupEnv({ BACKUP_KEEP: '0' }, '/data', '/srv')).toThrow(/BACKUP_KEEP/);
  });
});
