import mongoose from 'mongoose';
import { createStorage, migrateStorage } from '../../index';
import { describeAccountStorageContract } from '../../account.contract';
import { describeStorageContract } from '../../storage.contract';

// started by infra/test/global-setup.ts (FerretDB), or a MongoDB of your own
const base = process.env.TEST_MONGO_URL;
if (!base) throw new Error('TEST_MONGO_URL is not set: run through jest, whose global setup starts FerretDB');

// one database per test file, so files running in parallel never share data
const url = new URL(base);
url.pathname = `/cardcraft_storage_${process.pid}_${Date.now().toString(36)}`;
const mongoUrl = url.toString();

// the collections and indexes, as the cluster's migrate step makes them before any api starts
beforeAll(() => migrateStorage({ kind: 'mongo', mongoUrl }));

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
