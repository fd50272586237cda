import mongoose from 'mongoose';
import { createStorage, DuplicateKeyError } from '../../index';
import { describeAccountStorageContract } from '../../account.contract';
import { describeStorageContract } from '../../storage.contract';
import { duplicateKeyError } from './mongo-storage';

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

// the shapes mongodb and ferretdb give to a duplicate key; ferretdb only shows the second one
describe('duplicateKeyError', () => {
  const mongodb = (key: string) =>
    Object.assign(
      new Error(`E11000 duplicate key error collection: db.c index: ${key}_1 dup key: { ${key}: "x" }`),
      {
        code: 11000,
        keyPattern: { [key]: 1 },
        keyValue: { [key]: 'x' },
      },
    );

  it('names the key from mongodb’s keyPattern', () => {
    expect(duplicateKeyError(mongodb('handle'), 'email')).toEqual(new DuplicateKeyError('handle'));
    expect(duplicateKeyError(mongodb('email'), 'handle')).toMatchObject({ key: 'email' });
  });

  it('names the key from the index in the message when keyPattern is absent', () => {
    const error = Object.assign(
      new Error('E11000 duplicate key error collection: db.profiles index: handle_1'),
      {
        code: 11000,
      },
    );
    expect(duplicateKeyError(error, 'email')).toMatchObject({ key: 'handle' });
  });

  it('falls back to the collection’s unique key when the error names no key (ferretdb v1)', () => {
    const error = Object.assign(new Error('E11000 duplicate key error collection: db.users'), {
      code: 11000,
    });
    expect(duplicateKeyError(error, 'email')).toMatchObject({ key: 'email' });
  });

  it('reads the sqlite message ferretdb v1 answers on an update that breaks a unique index', () => {
    const error = Object.assign(
      new Error(
        "[msg_findandmodify.go:196 handler.(*Handler).findAndModifyDocument] constraint failed: UNIQUE constraint failed: index 'profiles_f50c43ef_handle_1' (2067)",
      ),
      { code: 1, codeName: 'InternalError' },
    );
    expect(duplicateKeyError(error, 'email')).toMatchObject({ key: 'handle' });
    expect(duplicateKeyError(Object.assign(new Error('other'), { code: 1 }), 'email')).toBeNull();
  });

  it('is null for another key or another error', () => {
    expect(duplicateKeyError(mongodb('_id'), 'email')).toBeNull();
    expect(duplicateKeyError(new Error('boom'), 'email')).toBeNull();
    expect(duplicateKeyError(undefined, 'email')).toBeNull();
  });
});
