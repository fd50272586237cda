import { mongo, type Connection, type Types } from 'mongoose';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {
  AccountExportEnd,
  AccountExportRecord,
  AccountExportsRepository,
  AccountExportState,
  NewAccountExport,
} from '../../ports';
import type { MongoModels } from './mongo-database';
import { objectId } from './mongo-object-id';
import type { AccountExportDoc } from './mongo-schemas';

// the cluster's data exports: a document per export (account_exports), the zip in a GridFS bucket
// ("exports") of the database under the export's id, so every api replica serves the same bytes.

function toRecord(doc: AccountExportDoc): AccountExportRecord {
  return {
    id: doc._id.toHexString(),
    userId: doc.userId.toHexString(),
    status: doc.status as AccountExportState,
    createdAt: doc.createdAt,
    finishedAt: doc.finishedAt ?? null,
    size: doc.size ?? null,
    expiresAt: doc.expiresAt,
  };
}

/** a unique key refused: E11000, or ferretdb v1's sqlite backend's own answer (code 1) */
function isDuplicate(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code === 11000) return true;
  return e?.code === 1 && typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed');
}

type IdDoc = { _id: Types.ObjectId };

export class MongoAccountExportRepository implements AccountExportsRepository {
  constructor(
    private readonly connection: Connection,
    private readonly models: Pick<MongoModels, 'accountExports'>,
  ) {}

  private bucket(): mongo.GridFSBucket {
    const db = this.connection.db;
    if (!db) throw new Error('mongo is not connected');
    return new mongo.GridFSBucket(db, { bucketName: 'exports' });
  }

  async findByUser(userId: string): Promise<AccountExportRecord | null> {
    const user = objectId(userId);
    if (!user) return null;
    const doc = await this.models.accountExports.findOne({ userId: user }).lean<AccountExportDoc>().exec();
    return doc ? toRecord(doc) : null;
  }

  async start(input: NewAccountExport): Promise<AccountExportRecord | null> {
    const userId = objectId(input.userId);
    if (!userId) return null;
    const { accountExports } = this.models;
    const current = await accountExports.findOne({ userId }).lean<AccountExportDoc>().exec();
    if (current) {
      if (current.status === 'preparing' && current.createdAt >= input.staleBefore) return null;
      // the delete decides between two requests that both saw it: one removes it, the other stops
      const { deletedCount } = await accountExports.deleteOne({ _id: current._id }).exec();
      if (deletedCount !== 1) return null;
      await this.deleteArchive(current._id.toHexString());
    }
    try {
      const created = await accountExports.create({
        userId,
        status: 'preparing',
        createdAt: input.createdAt,
        finishedAt: null,
        size: null,
        expiresAt: input.expiresAt,
      });
      return toRecord(created.toObject());
    } catch (error) {
      // the unique index on userId: another request started one just now
      if (isDuplicate(error)) return null;
      throw error;
    }
  }

  async writeArchive(id: string, bytes: Readable): Promise<void> {
    if (!objectId(id)) throw new Error(`not an export id: ${id}`);
    const upload = this.bucket().openUploadStream(id);
    try {
      await pipeline(bytes, upload);
    } catch (error) {
      // the chunks written so far go too
      await upload.abort().catch(() => undefined);
      throw error;
    }
  }

  async finish(id: string, end: AccountExportEnd): Promise<AccountExportRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const { accountExports } = this.models;
    const { matchedCount } = await accountExports
      .updateOne(
        { _id, status: 'preparing' },
        {
          $set: { status: end.status, finishedAt: end.finishedAt, size: end.size, expiresAt: end.expiresAt },
        },
      )
      .exec();
    const doc =
      matchedCount === 1 ? await accountExports.findById(_id).lean<AccountExportDoc>().exec() : null;
    if (doc) return toRecord(doc);
    await this.deleteArchive(id);
    return null;
  }

  async openArchive(id: string): Promise<Readable | null> {
    if (!objectId(id)) return null;
    const [file] = await this.bucket()
      .find({ filename: id }, { sort: { uploadDate: -1 }, limit: 1 })
      .toArray();
    return file ? this.bucket().openDownloadStream(file._id) : null;
  }

  async deleteForUser(userId: string): Promise<number> {
    const user = objectId(userId);
    if (!user) return 0;
    const docs = await this.models.accountExports.find({ userId: user }, { _id: 1 }).lean<IdDoc[]>().exec();
    return this.deleteAll(docs.map((doc) => doc._id));
  }

  async deleteExpired(now: Date): Promise<number> {
    const { accountExports } = this.models;
    const docs = await accountExports
      .find({ expiresAt: { $lte: now } }, { _id: 1 })
      .lean<IdDoc[]>()
      .exec();
    const deleted = await this.deleteAll(docs.map((doc) => doc._id));
    // a zip whose record is gone (a crash between the two deletes)
    const files = await this.bucket().find({}).toArray();
    const names = [...new Set(files.map((file) => file.filename))];
    const ids = names.map(objectId).filter((id): id is Types.ObjectId => id !== null);
    const kept = await accountExports
      .find({ _id: { $in: ids } }, { _id: 1 })
      .lean<IdDoc[]>()
      .exec();
    const keptNames = new Set(kept.map((doc) => doc._id.toHexString()));
    for (const name of names) if (!keptNames.has(name)) await this.deleteArchive(name);
    return deleted;
  }

  private async deleteAll(ids: Types.ObjectId[]): Promise<number> {
    let deleted = 0;
    for (const _id of ids) {
      deleted += (await this.models.accountExports.deleteOne({ _id }).exec()).deletedCount;
      await this.deleteArchive(_id.toHexString());
    }
    return deleted;
  }

  private async deleteArchive(id: string): Promise<void> {
    const bucket = this.bucket();
    for (const file of await bucket.find({ filename: id }).toArray()) {
      await bucket.delete(file._id).catch((error: unknown) => {
        // another replica deleting the same file at the same time
        if (!(error instanceof mongo.MongoRuntimeError)) throw error;
      });
    }
  }
}
