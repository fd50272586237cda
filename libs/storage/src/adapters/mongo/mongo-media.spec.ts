import mongoose from 'mongoose';
import { createStorage, migrateStorage } from '../../index';
import { describeAccountExportsContract } from '../../account-exports.contract';
import { describeMediaContract } from '../../media.contract';

const base = process.env.TEST_MONGO_URL;
if (!base) throw new Error('TEST_MONGO_URL is not set: run through jest, whose global setup starts FerretDB');

const url = new URL(base);
url.pathname = `/cardcraft_media_${process.pid}_${Date.now().toString(36)}`;
const mongoUrl = url.toString();

beforeAll(() => migrateStorage({ kind: 'mongo', mongoUrl }));

afterAll(async () => {
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
});

describeMediaContract('mongo', () => createStorage({ kind: 'mongo', mongoUrl }));
describeAccountExportsContract('mongo', () => createStorage({ kind: 'mongo', mongoUrl }));

describe('mongo media in GridFS', () => {
  it('keeps the bytes in the media bucket, the key as the file name', async () => {
    const storage = await createStorage({ kind: 'mongo', mongoUrl });
    const connection = await mongoose.createConnection(mongoUrl).asPromise();
    try {
      const key = 'f00dfeedcafe0001.png';
      await storage.media.put({ key, ownerId: 'o', contentType: 'image/png', data: Buffer.from('png') });
      const files = await connection.db!.collection('media.files').find({ filename: key }).toArray();
      expect(files).toHaveLength(1);
      expect(files[0]).toMatchObject({ length: 3, metadata: { ownerId: 'o', contentType: 'image/png' } });
      expect(await connection.db!.collection('media.chunks').countDocuments({ files_id: files[0]._id })).toBe(
        1,
      );
    } finally {
      await connection.close();
      await storage.close();
    }
  });
});
