import mongoose from 'mongoose';
import { createStorage } from '../../index';
import { describeAccountStorageContract } from '../../account.contract';
import { describeStorageContract } from '../../storage.contract';

// started by infra/test/global-setup.ts (FerretDB), or a MongoDB of your own
const base = process.env.TEST_MONGO_URL;
if (!base) throw new Error('TEST_MONGO_URL is not set: run through jest, whose global setup starts FerretDB');

// one database per test file, so files running in parallel never share data
const url = new URL(base);
url.pathname = `/cardcraft_storage_${process.pid}_${Date.now().toString(36)}`;
const mongoUrl = url.toString();

afterAll(async () => {
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
});

describeStorageContract('mongo', () => createStorage({ kind: 'mongo', mongoUrl }));
describeAccountStorageContract('mongo', () => createStorage({ kind: 'mongo', mongoUrl }));

describe('mongo adapter', () => {
  it('creates its indexes at connect, before any write', async () => {
    const storage = await createStorage({ kind: 'mongo', mongoUrl });
    const connection = await mongoose.createConnection(mongoUrl).asPromise();
    try {
      const indexes = async (collection: string) =>
        (await connection.db!.collection(collection).indexes()).map((index) => ({
          key: index.key,
          unique: index.unique === true,
        }));
      await expect(indexes('users')).resolves.toContainEqual({ key: { email: 1 }, unique: true });
      await expect(indexes('profiles')).resolves.toEqual(
        expect.arrayContaining([
          { key: { handle: 1 }, unique: true },
          { key: { ownerId: 1, createdAt: 1 }, unique: false },
        ]),
      );
      await expect(indexes('leads')).resolves.toContainEqual({
        key: { profileId: 1, createdAt: -1, _id: -1 },
        unique: false,
      });
      await expect(indexes('sessions')).resolves.toEqual(
        expect.arrayContaining([
          { key: { userId: 1 }, unique: false },
          { key: { expiresAt: 1 }, unique: false },
        ]),
      );
    } finally {
      await connection.close();
      await storage.close();
    }
  });

  it('uses a connection of its own and leaves mongoose’s default connection alone', async () => {
    const storage = await createStorage({ kind: 'mongo', mongoUrl });
    try {
      expect(mongoose.connection.readyState).toBe(mongoose.ConnectionStates.disconnected);
    } finally {
      await storage.close();
    }
  });

  it('fails to open, rather than hanging, when nothing listens', async () => {
    await expect(createStorage({ kind: 'mongo', mongoUrl: 'mongodb://127.0.0.1:9/x' })).rejects.toThrow();
  }, 15_000);
});
