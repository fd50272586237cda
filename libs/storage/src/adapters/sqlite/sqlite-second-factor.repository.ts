import type { SecondFactorRecord, SecondFactorsRepository } from '../../ports';
import type { SqliteDatabase } from './sqlite-database';

interface SecondFactorRow {
  user_id: string;
  sealed_secret: string;
  enabled_at: number | null;
  last_time_step: number;
  created_at: number;
  codes_left: number;
}

function toRecord(row: SecondFactorRow): SecondFactorRecord {
  return {
    userId: row.user_id,
    sealedSecret: row.sealed_secret,
    enabledAt: row.enabled_at === null ? null : new Date(row.enabled_at),
    lastTimeStep: row.last_time_step,
    recoveryCodesLeft: row.codes_left,
    createdAt: new Date(row.created_at),
  };
}

export class SqliteSecondFactorRepository implements SecondFactorsRepository {
  private readonly byUser;
  private readonly replaceWaiting;
  private readonly turnOn;
  private readonly takeStep;
  private readonly spendCode;
  private readonly forgetCodes;
  private readonly addCode;
  private readonly removeOne;
  private readonly isOn;

  constructor(private readonly db: SqliteDatabase) {
    this.byUser = db.prepare<[string], SecondFactorRow>(
      `SELECT f.*, (SELECT count(*) FROM recovery_codes c WHERE c.user_id = f.user_id AND c.used_at IS NULL)
         AS codes_left
       FROM second_factors f WHERE f.user_id = ?`,
    );
    // nothing for a user that is gone, nor over one that is on
    this.replaceWaiting = db.prepare<[{ user: string; secret: string; now: number }]>(
      `INSERT INTO second_factors (user_id, sealed_secret, enabled_at, last_time_step, created_at)
       SELECT @user, @secret, NULL, 0, @now WHERE EXISTS (SELECT 1 FROM users WHERE id = @user)
       ON CONFLICT (user_id) DO UPDATE SET sealed_secret = excluded.sealed_secret,
         created_at = excluded.created_at, last_time_step = 0
       WHERE second_factors.enabled_at IS NULL`,
    );
    this.turnOn = db.prepare<[number, number, string]>(
      'UPDATE second_factors SET enabled_at = ?, last_time_step = ? WHERE user_id = ? AND enabled_at IS NULL',
    );
    this.takeStep = db.prepare<[number, string, number]>(
      `UPDATE second_factors SET last_time_step = ?
       WHERE user_id = ? AND enabled_at IS NOT NULL AND last_time_step < ?`,
    );
    this.spendCode = db.prepare<[number, string, string]>(
      `UPDATE recovery_codes SET used_at = ?
       WHERE user_id = ? AND code_hash = ? AND used_at IS NULL
         AND EXISTS (SELECT 1 FROM second_factors f WHERE f.user_id = recovery_codes.user_id
                     AND f.enabled_at IS NOT NULL)`,
    );
    this.forgetCodes = db.prepare<[string]>('DELETE FROM recovery_codes WHERE user_id = ?');
    this.addCode = db.prepare<[string, string]>(
      'INSERT OR IGNORE INTO recovery_codes (user_id, code_hash, used_at) VALUES (?, ?, NULL)',
    );
    this.removeOne = db.prepare<[string]>('DELETE FROM second_factors WHERE user_id = ?');
    this.isOn = db.prepare<[string], { enabled_at: number | null }>(
      'SELECT enabled_at FROM second_factors WHERE user_id = ?',
    );
  }

  async find(userId: string): Promise<SecondFactorRecord | null> {
    const row = this.byUser.get(userId);
    return row ? toRecord(row) : null;
  }

  async begin(userId: string, sealedSecret: string): Promise<boolean> {
    return this.replaceWaiting.run({ user: userId, secret: sealedSecret, now: Date.now() }).changes > 0;
  }

  async enable(userId: string, timeStep: number, recoveryCodeHashes: readonly string[]): Promise<boolean> {
    return this.db.transaction(() => {
      if (this.turnOn.run(Date.now(), timeStep, userId).changes === 0) return false;
      this.writeCodes(userId, recoveryCodeHashes);
      return true;
    })();
  }

  async useTimeStep(userId: string, timeStep: number): Promise<boolean> {
    return this.takeStep.run(timeStep, userId, timeStep).changes > 0;
  }

  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    return this.spendCode.run(Date.now(), userId, codeHash).changes > 0;
  }

  async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<boolean> {
    return this.db.transaction(() => {
      if (!this.isOn.get(userId)?.enabled_at) return false;
      this.writeCodes(userId, codeHashes);
      return true;
    })();
  }

  async remove(userId: string): Promise<boolean> {
    // the codes go with it (ON DELETE CASCADE)
    return this.removeOne.run(userId).changes > 0;
  }

  async enabledAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const marks = userIds.map(() => '?').join(', ');
    const rows = this.db
      .prepare<string[], { user_id: string }>(
        `SELECT user_id FROM second_factors WHERE enabled_at IS NOT NULL AND user_id IN (${marks})`,
      )
      .all(...userIds);
    return new Set(rows.map((row) => row.user_id));
  }

  private writeCodes(userId: string, codeHashes: readonly string[]): void {
    this.forgetCodes.run(userId);
    for (const hash of codeHashes) this.addCode.run(userId, hash);
  }
}
