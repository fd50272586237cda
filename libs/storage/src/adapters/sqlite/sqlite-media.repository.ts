import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MEDIA_KEY,
  type MediaObject,
  type MediaRepository,
  type NewMedia,
  type StoredMedia,
} from '../../ports';
import type { SqliteDatabase } from './sqlite-database';

// the embedded product's images: a row per image in the SQLite file (owner, type, size), the bytes
// in a file of the same name under DATA_DIR/media, so the database stays small and a backup of
// DATA_DIR holds both.

interface MediaRow {
  key: string;
  owner_id: string;
  content_type: string;
  size: number;
  created_at: number;
}

function toObject(row: MediaRow): MediaObject {
  return {
    key: row.key,
    ownerId: row.owner_id,
    contentType: row.content_type,
    size: row.size,
    createdAt: new Date(row.created_at),
  };
}

export class SqliteMediaRepository implements MediaRepository {
  private readonly insert;
  private readonly byKey;
  private readonly byOwner;
  private readonly remove;
  private readonly reown;

  constructor(
    db: SqliteDatabase,
    private readonly dir: string,
  ) {
    mkdirSync(dir, { recursive: true });
    this.insert = db.prepare<[MediaRow]>(
      `INSERT INTO media (key, owner_id, content_type, size, created_at)
       VALUES (@key, @owner_id, @content_type, @size, @created_at) ON CONFLICT (key) DO NOTHING`,
    );
    this.byKey = db.prepare<[string], MediaRow>('SELECT * FROM media WHERE key = ?');
    this.byOwner = db.prepare<[string], MediaRow>(
      'SELECT * FROM media WHERE owner_id = ? ORDER BY created_at, key',
    );
    this.remove = db.prepare<[string]>('DELETE FROM media WHERE key = ?');
    this.reown = db.prepare<[string, string, string]>(
      'UPDATE media SET owner_id = ? WHERE key = ? AND owner_id = ?',
    );
  }

  async put(media: NewMedia): Promise<MediaObject> {
    if (!MEDIA_KEY.test(media.key)) throw new Error(`not a media key: ${media.key}`);
    const known = this.byKey.get(media.key);
    if (known) return toObject(known);
    // the file first, written whole under a temporary name: a row never names a missing or half file
    const file = join(this.dir, media.key);
    const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(partial, media.data);
    await rename(partial, file);
    this.insert.run({
      key: media.key,
      owner_id: media.ownerId,
      content_type: media.contentType,
      size: media.data.length,
      created_at: Date.now(),
    });
    return toObject(this.byKey.get(media.key) as MediaRow);
  }

  async get(key: string): Promise<StoredMedia | null> {
    if (!MEDIA_KEY.test(key)) return null;
    const row = this.byKey.get(key);
    if (!row) return null;
    try {
      return { ...toObject(row), data: await readFile(join(this.dir, key)) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async listByOwner(ownerId: string): Promise<MediaObject[]> {
    return this.byOwner.all(ownerId).map(toObject);
  }

  async delete(key: string): Promise<boolean> {
    if (!MEDIA_KEY.test(key)) return false;
    const removed = this.remove.run(key).changes > 0;
    await rm(join(this.dir, key), { force: true });
    return removed;
  }

  async handOver(keys: readonly string[], fromOwner: string, toOwner: string): Promise<number> {
    let moved = 0;
    for (const key of new Set(keys)) {
      if (MEDIA_KEY.test(key)) moved += this.reown.run(toOwner, key, fromOwner).changes;
    }
    return moved;
  }
}
