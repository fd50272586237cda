import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {
  AccountExportEnd,
  AccountExportRecord,
  AccountExportsRepository,
  AccountExportState,
  NewAccountExport,
} from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';

// the embedded product's data exports: a row per export in the SQLite file, the zip in a file named
// after the export's id under DATA_DIR/exports, written under a temporary name and renamed when whole.

interface ExportRow {
  id: string;
  user_id: string;
  status: string;
  created_at: number;
  finished_at: number | null;
  size: number | null;
  expires_at: number;
}

function toRecord(row: ExportRow): AccountExportRecord {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status as AccountExportState,
    createdAt: new Date(row.created_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
    size: row.size,
    expiresAt: new Date(row.expires_at),
  };
}

const ID = /^[0-9a-f]{24}$/;
/** a temporary file older than this has no writer any more */
const ABANDONED_PART_MS = 24 * 3_600_000;

export class SqliteAccountExportRepository implements AccountExportsRepository {
  private readonly byUser;
  private readonly byId;
  private readonly insert;
  private readonly remove;
  private readonly end;
  private readonly ofUser;
  private readonly expired;
  private readonly startOne;

  constructor(
    db: SqliteDatabase,
    private readonly dir: string,
  ) {
    mkdirSync(dir, { recursive: true });
    this.byUser = db.prepare<[string], ExportRow>('SELECT * FROM account_exports WHERE user_id = ?');
    this.byId = db.prepare<[string], ExportRow>('SELECT * FROM account_exports WHERE id = ?');
    this.insert = db.prepare<[ExportRow], ExportRow>(
      `INSERT INTO account_exports (id, user_id, status, created_at, finished_at, size, expires_at)
       VALUES (@id, @user_id, @status, @created_at, @finished_at, @size, @expires_at) RETURNING *`,
    );
    this.remove = db.prepare<[string]>('DELETE FROM account_exports WHERE id = ?');
    this.end = db.prepare<
      [{ id: string; status: string; finished_at: number; size: number | null; expires_at: number }],
      ExportRow
    >(
      `UPDATE account_exports SET status = @status, finished_at = @finished_at, size = @size,
         expires_at = @expires_at
       WHERE id = @id AND status = 'preparing' RETURNING *`,
    );
    this.ofUser = db.prepare<[string], { id: string }>('SELECT id FROM account_exports WHERE user_id = ?');
    this.expired = db.prepare<[number], { id: string }>(
      'SELECT id FROM account_exports WHERE expires_at <= ?',
    );
    // the check and the swap in one transaction: of two requests at once, one starts an export
    this.startOne = db.transaction(
      (input: NewAccountExport): { created: ExportRow | null; replaced: string | null } => {
        const current = this.byUser.get(input.userId);
        if (current?.status === 'preparing' && current.created_at >= input.staleBefore.getTime()) {
          return { created: null, replaced: null };
        }
        if (current) this.remove.run(current.id);
        const created = this.insert.get({
          id: newObjectIdHex(input.createdAt),
          user_id: input.userId,
          status: 'preparing',
          created_at: input.createdAt.getTime(),
          finished_at: null,
          size: null,
          expires_at: input.expiresAt.getTime(),
        });
        return { created: created ?? null, replaced: current?.id ?? null };
      },
    );
  }

  private file(id: string): string {
    return join(this.dir, `${id}.zip`);
  }

  async findByUser(userId: string): Promise<AccountExportRecord | null> {
    const row = this.byUser.get(userId);
    return row ? toRecord(row) : null;
  }

  async start(input: NewAccountExport): Promise<AccountExportRecord | null> {
    const { created, replaced } = this.startOne(input);
    if (replaced) await rm(this.file(replaced), { force: true });
    return created ? toRecord(created) : null;
  }

  async writeArchive(id: string, bytes: Readable): Promise<void> {
    if (!ID.test(id)) throw new Error(`not an export id: ${id}`);
    const partial = join(this.dir, `${id}.${randomBytes(6).toString('hex')}.part`);
    try {
      await pipeline(bytes, createWriteStream(partial));
      await rename(partial, this.file(id));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async finish(id: string, end: AccountExportEnd): Promise<AccountExportRecord | null> {
    const row = this.end.get({
      id,
      status: end.status,
      finished_at: end.finishedAt.getTime(),
      size: end.size,
      expires_at: end.expiresAt.getTime(),
    });
    if (row) return toRecord(row);
    await rm(this.file(id), { force: true });
    return null;
  }

  async openArchive(id: string): Promise<Readable | null> {
    if (!ID.test(id) || !this.byId.get(id)) return null;
    try {
      await stat(this.file(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return createReadStream(this.file(id));
  }

  async deleteForUser(userId: string): Promise<number> {
    return this.deleteAll(this.ofUser.all(userId).map((row) => row.id));
  }

  async deleteExpired(now: Date): Promise<number> {
    const deleted = await this.deleteAll(this.expired.all(now.getTime()).map((row) => row.id));
    // a zip whose record is gone (a crash between the two), and a temporary file nobody writes any more
    for (const name of await readdir(this.dir)) {
      const id = name.slice(0, 24);
      const path = join(this.dir, name);
      if (name.endsWith('.zip') ? !this.byId.get(id) : await isOlderThan(path, now, ABANDONED_PART_MS)) {
        await rm(path, { force: true });
      }
    }
    return deleted;
  }

  private async deleteAll(ids: string[]): Promise<number> {
    for (const id of ids) {
      this.remove.run(id);
      await rm(this.file(id), { force: true });
    }
    return ids.length;
  }
}

async function isOlderThan(path: string, now: Date, ms: number): Promise<boolean> {
  const info = await stat(path).catch(() => null);
  return info !== null && now.getTime() - info.mtimeMs > ms;
}
