import { mongo, type Connection } from 'mongoose';
import {
  MEDIA_KEY,
  type MediaObject,
  type MediaRepository,
  type NewMedia,
  type StoredMedia,
} from '../../ports';

// the cluster's images: a GridFS bucket ("media") of the database, so every replica serves the same
// bytes. the file's name is its key; owner and type are in its metadata.

interface MediaMetadata {
  ownerId: string;
  contentType: string;
}

type MediaFile = mongo.GridFSFile & { metadata?: MediaMetadata };

function toObject(file: MediaFile): MediaObject {
  return {
    key: file.filename,
    ownerId: file.metadata?.ownerId ?? '',
    contentType: file.metadata?.contentType ?? 'application/octet-stream',
    size: file.length,
    createdAt: file.uploadDate,
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class MongoMediaRepository implements MediaRepository {
  constructor(private readonly connection: Connection) {}

  private bucket(): mongo.GridFSBucket {
    const db = this.connection.db;
    if (!db) throw new Error('mongo is not connected');
    return new mongo.GridFSBucket(db, { bucketName: 'media' });
  }

  /** the newest file of that name: two replicas storing the same key at once leave two equal files */
  private async file(key: string): Promise<MediaFile | null> {
    const [file] = await this.bucket()
      .find({ filename: key }, { sort: { uploadDate: -1 }, limit: 1 })
      .toArray();
    return (file as MediaFile | undefined) ?? null;
  }

  async put(media: NewMedia): Promise<MediaObject> {
    if (!MEDIA_KEY.test(media.key)) throw new Error(`not a media key: ${media.key}`);
    const known = await this.file(media.key);
    if (known) return toObject(known);
    const metadata: MediaMetadata = { ownerId: media.ownerId, contentType: media.contentType };
    const upload = this.bucket().openUploadStream(media.key, { metadata });
    await new Promise<void>((resolve, reject) => {
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(media.data);
    });
    const stored = await this.file(media.key);
    if (!stored) throw new Error(`media ${media.key} was not stored`);
    return toObject(stored);
  }

  async get(key: string): Promise<StoredMedia | null> {
    if (!MEDIA_KEY.test(key)) return null;
    const file = await this.file(key);
    if (!file) return null;
    try {
      return { ...toObject(file), data: await readAll(this.bucket().openDownloadStream(file._id)) };
    } catch (error) {
      // deleted between the lookup and the read
      if (error instanceof mongo.MongoRuntimeError || (error as { code?: string }).code === 'ENOENT') {
        return null;
      }
      throw error;
    }
  }

  async listByOwner(ownerId: string): Promise<MediaObject[]> {
    const files = await this.bucket()
      .find({ 'metadata.ownerId': ownerId }, { sort: { uploadDate: 1, filename: 1 } })
      .toArray();
    const seen = new Set<string>();
    return (files as MediaFile[])
      .filter((file) => !seen.has(file.filename) && seen.add(file.filename))
      .map(toObject);
  }

  async delete(key: string): Promise<boolean> {
    if (!MEDIA_KEY.test(key)) return false;
    const bucket = this.bucket();
    const files = await bucket.find({ filename: key }).toArray();
    for (const file of files) {
      await bucket.delete(file._id).catch((error: unknown) => {
        // a replica deleting the same file at the same time
        if (!(error instanceof mongo.MongoRuntimeError)) throw error;
      });
    }
    return files.length > 0;
  }

  async handOver(keys: readonly string[], fromOwner: string, toOwner: string): Promise<number> {
    const valid = [...new Set(keys)].filter((key) => MEDIA_KEY.test(key));
    if (valid.length === 0) return 0;
    const db = this.connection.db;
    if (!db) throw new Error('mongo is not connected');
    // the bucket's files collection: GridFS keeps the metadata there and has no update of its own
    const files = db.collection('media.files');
    let moved = 0;
    for (const key of valid) {
      const result = await files.updateMany(
        { filename: key, 'metadata.ownerId': fromOwner },
        { $set: { 'metadata.ownerId': toOwner } },
      );
      // a key stored twice by two replicas at once is one object, however many files it has
      if (result.modifiedCount > 0) moved += 1;
    }
    return moved;
  }
}
