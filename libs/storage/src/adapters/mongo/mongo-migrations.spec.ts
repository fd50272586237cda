import mongoose, { mongo, Types, type Connection } from 'mongoose';
import { createStorage, migrateStorage, SchemaVersionError } from '../../index';

// started by infra/test/global-setup.ts (FerretDB), or a MongoDB of your own
const base = process.env.TEST_MONGO_URL;
if (!base) throw new Error('TEST_MONGO_URL is not set: run through jest, whose global setup starts FerretDB');

const databases: string[] = [];
/** a database of its own per test */
function newDatabase(): { name: string; mongoUrl: string } {
  const name = `cardcraft_migrations_${process.pid}_${Date.now().toString(36)}_${databases.length}`;
  databases.push(name);
  const url = new URL(base!);
  url.pathname = `/${name}`;
  return { name, mongoUrl: url.toString() };
}

async function withDb<T>(mongoUrl: string, use: (db: mongo.Db) => Promise<T>): Promise<T> {
  const connection: Connection = await mongoose.createConnection(mongoUrl).asPromise();
  try {
    return await use(connection.db!);
  } finally {
    await connection.close();
  }
}

afterAll(async () => {
  for (const name of databases) {
    const url = new URL(base);
    url.pathname = `/${name}`;
    await withDb(url.toString(), (db) => db.dropDatabase());
  }
});

async function indexesOf(db: mongo.Db): Promise<Record<string, unknown[]>> {
  const collections = (await db.listCollections({}, { nameOnly: true }).toArray())
    .map((collection) => collection.name)
    .sort();
  const indexes: Record<string, unknown[]> = {};
  for (const name of collections) {
    indexes[name] = (await db.collection(name).indexes())
      .map((index) => ({ name: index.name, key: index.key, unique: index.unique === true }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  }
  return indexes;
}

async function documentsOf(db: mongo.Db, collections: readonly string[]): Promise<Record<string, unknown[]>> {
  const documents: Record<string, unknown[]> = {};
  for (const name of collections)
    documents[name] = await db.collection(name).find().sort({ _id: 1 }).toArray();
  return documents;
}

// the indexes the last build before versions made at every start (mongoose's createIndexes of the
// schemas it declared them on), frozen here
const UNVERSIONED_INDEXES: Record<string, Array<[Record<string, 1 | -1>, { unique?: true }]>> = {
  users: [[{ email: 1 }, { unique: true }]],
  profiles: [
    [{ handle: 1 }, { unique: true }],
    [{ ownerId: 1, createdAt: 1 }, {}],
  ],
  leads: [[{ profileId: 1, createdAt: -1, _id: -1 }, {}]],
  sessions: [
    [{ userId: 1 }, {}],
    [{ expiresAt: 1 }, {}],
  ],
  account_tokens: [
    [{ tokenHash: 1 }, { unique: true }],
    [{ userId: 1, purpose: 1 }, {}],
    [{ expiresAt: 1 }, {}],
  ],
};

const later = new Date('2100-01-01T00:00:00Z');

/** documents in every collection, and an image in the GridFS bucket */
async function fillAsBeforeVersions(db: mongo.Db): Promise<Types.ObjectId> {
  const user = new Types.ObjectId();
  const profile = new Types.ObjectId();
  const at = new Date('2026-01-02T03:04:05Z');
  await db.collection('users').insertMany([
    // made before the message notice setting: no notifyOnMessages
    {
      _id: user,
      email: 'ada@example.com',
      displayName: 'Ada',
      passwordHash: 'h1',
      createdAt: at,
      updatedAt: at,
    },
    {
      _id: new Types.ObjectId(),
      email: 'bob@example.com',
      displayName: 'Bob',
      passwordHash: 'h2',
      notifyOnMessages: false,
      createdAt: at,
      updatedAt: at,
    },
  ]);
  await db.collection('profiles').insertOne({
    _id: profile,
    ownerId: user,
    handle: 'ada',
    displayName: 'Ada Lovelace',
    tagline: null,
    bio: null,
    published: true,
    publishedAt: at,
    theme: 'noir',
    layout: 'split',
    contact: { email: null, phoneNumber: null, company: null, location: null, website: null },
    media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
    privacy: { collectGeo: true, collectIp: false, showIdentifiedViewers: false, allowMessages: true },
    socialLinks: [],
    blocks: [],
    createdAt: at,
    updatedAt: at,
  });
  await db.collection('leads').insertMany([
    {
      profileId: profile,
      email: 'v1@example.com',
      message: 'hi',
      consent: true,
      consentText: 'ok',
      visitorUserId: null,
      createdAt: at,
    },
    {
      profileId: profile,
      email: 'v2@example.com',
      message: null,
      name: 'Vee',
      phone: null,
      company: 'Acme',
      consent: true,
      consentText: 'ok',
      visitorUserId: null,
      createdAt: later,
    },
  ]);
  await db
    .collection('sessions')
    .insertOne({ userId: user, createdAt: at, expiresAt: later, revokedAt: null });
  await db.collection('account_tokens').insertOne({
    userId: user,
    purpose: 'password-reset',
    tokenHash: 'th1',
    newEmail: null,
    createdAt: at,
    expiresAt: later,
  });
  const upload = new mongo.GridFSBucket(db, { bucketName: 'media' }).openUploadStream(
    'a1b2c3d4e5f6a7b8.png',
    {
      metadata: { ownerId: user.toHexString(), contentType: 'image/png' },
    },
  );
  await new Promise<void>((resolve, reject) =>
    upload.once('finish', resolve).once('error', reject).end(Buffer.from('png')),
  );
  for (const [collection, indexes] of Object.entries(UNVERSIONED_INDEXES)) {
    for (const [key, options] of indexes) await db.collection(collection).createIndex(key, options);
  }
  return user;
}

const COLLECTIONS = [
  'users',
  'profiles',
  'leads',
  'sessions',
  'account_tokens',
  'media.files',
  'media.chunks',
];

describe('the MongoDB store’s schema versions', () => {
  it('the migrate step makes a new database’s collections and indexes once; the api opens it only then', async () => {
    const { name, mongoUrl } = newDatabase();
    const opening = createStorage({ kind: 'mongo', mongoUrl });
    await expect(opening).rejects.toThrow(SchemaVersionError);
    await expect(opening).rejects.toThrow(
      `the MongoDB database ${name} is at schema version 0, older than this build's 2; run \`npm run migrate\` (the cluster's migrate service) first.`,
    );
    // the check made nothing
    await expect(withDb(mongoUrl, indexesOf)).resolves.toEqual({});

    await expect(migrateStorage({ kind: 'mongo', mongoUrl })).resolves.toEqual([1, 2]);
    await expect(migrateStorage({ kind: 'mongo', mongoUrl })).resolves.toEqual([]);
    const indexes = await withDb(mongoUrl, indexesOf);
    expect(indexes).toMatchObject({
      users: expect.arrayContaining([{ name: 'email_1', key: { email: 1 }, unique: true }]),
      profiles: expect.arrayContaining([
        { name: 'handle_1', key: { handle: 1 }, unique: true },
        { name: 'ownerId_1_createdAt_1', key: { ownerId: 1, createdAt: 1 }, unique: false },
      ]),
      leads: expect.arrayContaining([
        {
          name: 'profileId_1_createdAt_-1__id_-1',
          key: { profileId: 1, createdAt: -1, _id: -1 },
          unique: false,
        },
      ]),
      sessions: expect.arrayContaining([
        { name: 'userId_1', key: { userId: 1 }, unique: false },
        { name: 'expiresAt_1', key: { expiresAt: 1 }, unique: false },
      ]),
      account_tokens: expect.arrayContaining([
        { name: 'tokenHash_1', key: { tokenHash: 1 }, unique: true },
        { name: 'userId_1_purpose_1', key: { userId: 1, purpose: 1 }, unique: false },
        { name: 'expiresAt_1', key: { expiresAt: 1 }, unique: false },
      ]),
    });
    await expect(
      withDb(mongoUrl, (db) => db.collection('schema_migrations').find().sort({ _id: 1 }).toArray()),
    ).resolves.toEqual([
      expect.objectContaining({ _id: 1, name: 'first-release' }),
      expect.objectContaining({ _id: 2, name: 'account-links' }),
    ]);

    const storage = await createStorage({ kind: 'mongo', mongoUrl });
    await storage.close();
  });

  it('a database the api made before versions is adopted with every document and index kept', async () => {
    const { mongoUrl } = newDatabase();
    const user = await withDb(mongoUrl, fillAsBeforeVersions);
    const before = await withDb(mongoUrl, async (db) => ({
      documents: await documentsOf(db, COLLECTIONS),
      indexes: await indexesOf(db),
    }));

    await expect(migrateStorage({ kind: 'mongo', mongoUrl })).resolves.toEqual([1, 2]);

    const after = await withDb(mongoUrl, async (db) => ({
      documents: await documentsOf(db, COLLECTIONS),
      indexes: await indexesOf(db),
    }));
    expect(after.documents).toEqual(before.documents);
    expect(after.indexes).toEqual({
      ...before.indexes,
      schema_migrations: [expect.objectContaining({ name: '_id_' })],
    });
    const storage = await createStorage({ kind: 'mongo', mongoUrl });
    try {
      await expect(storage.users.findByEmail('ada@example.com')).resolves.toMatchObject({
        notifyOnMessages: true,
      });
      await expect(storage.media.listByOwner(user.toHexString())).resolves.toHaveLength(1);
    } finally {
      await storage.close();
    }
  });

  it('refuses a database a newer build migrated, naming both versions, in the migrate step and at open', async () => {
    const { name, mongoUrl } = newDatabase();
    await migrateStorage({ kind: 'mongo', mongoUrl });
    await withDb(mongoUrl, (db) =>
      db
        .collection<{ _id: number; name: string; appliedAt: Date }>('schema_migrations')
        .insertOne({ _id: 3, name: 'later-feature', appliedAt: new Date() }),
    );
    const message = `the MongoDB database ${name} is at schema version 3, newer than this build's 2; run a build at least as new, or restore a backup made by this one.`;
    await expect(migrateStorage({ kind: 'mongo', mongoUrl })).rejects.toThrow(message);
    await expect(createStorage({ kind: 'mongo', mongoUrl })).rejects.toThrow(message);
  });
});
