import mongoose, { mongo, Types, type Connection } from 'mongoose';
import { createStorage, migrateStorage, SchemaVersionError } from '../../index';
import { describeAccountStorageContract } from '../../account.contract';
import { describeStorageContract } from '../../storage.contract';
import { MONGO_MIGRATIONS } from './mongo-migrations';

/** this build's migrations as the step records them */
const ALL_VERSIONS = MONGO_MIGRATIONS.map(({ version, name }) => ({ _id: version, name }));
const VERSION_NUMBERS = MONGO_MIGRATIONS.map(({ version }) => version);
const LATEST = VERSION_NUMBERS.length;

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

// the schema versions: each case on a database of its own
const databases: string[] = [];
/** the url of a database of that name on the test server */
function urlOf(name: string): string {
  const address = new URL(mongoUrl);
  address.pathname = `/${name}`;
  return address.toString();
}

/** a database of its own per test */
function newDatabase(): { name: string; databaseUrl: string } {
  const name = `cardcraft_migrations_${process.pid}_${Date.now().toString(36)}_${databases.length}`;
  databases.push(name);
  return { name, databaseUrl: urlOf(name) };
}

async function withDb<T>(databaseUrl: string, use: (db: mongo.Db) => Promise<T>): Promise<T> {
  const connection: Connection = await mongoose.createConnection(databaseUrl).asPromise();
  try {
    return await use(connection.db!);
  } finally {
    await connection.close();
  }
}

afterAll(async () => {
  for (const name of databases) await withDb(urlOf(name), (db) => db.dropDatabase());
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

// a MongoDB database as the api left it before schema versions, frozen here for the upgrade test:
// documents in every collection, an image in GridFS, and the indexes the api made at every start
// (mongoose's createIndexes of the schemas that declared them)
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

// what migration 5 adds to the leads
const LEAD_WORK_INDEXES = [
  {
    name: 'profileId_1_status_1_createdAt_-1__id_-1',
    key: { profileId: 1, status: 1, createdAt: -1, _id: -1 },
    unique: false,
  },
  { name: 'profileId_1_tagKeys_1', key: { profileId: 1, tagKeys: 1 }, unique: false },
];

// what migration 4 adds, sorted by name as indexesOf lists them
const TEAM_PROFILE_INDEXES = [
  { name: 'teamId_1_createdAt_1', key: { teamId: 1, createdAt: 1 }, unique: false },
  { name: 'templateId_1', key: { templateId: 1 }, unique: false },
];
const TEAM_INDEXES = {
  teams: [{ name: '_id_', key: { _id: 1 }, unique: false }],
  team_members: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'teamId_1_userId_1', key: { teamId: 1, userId: 1 }, unique: true },
    { name: 'userId_1_joinedAt_1', key: { userId: 1, joinedAt: 1 }, unique: false },
  ],
  team_invitations: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'teamId_1_createdAt_-1__id_-1', key: { teamId: 1, createdAt: -1, _id: -1 }, unique: false },
    { name: 'teamId_1_email_1', key: { teamId: 1, email: 1 }, unique: true },
    { name: 'tokenHash_1', key: { tokenHash: 1 }, unique: true },
  ],
  card_templates: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'teamId_1_createdAt_1__id_1', key: { teamId: 1, createdAt: 1, _id: 1 }, unique: false },
  ],
};
// what migration 5 adds
const CARD_EXCHANGE_INDEXES = {
  card_exchange_sends: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'day_1', key: { day: 1 }, unique: false },
    {
      name: 'recipientHash_1_day_1_profileId_1',
      key: { recipientHash: 1, day: 1, profileId: 1 },
      unique: true,
    },
  ],
};

const WEBHOOK_INDEXES = {
  webhook_endpoints: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'teamId_1_createdAt_1__id_1', key: { teamId: 1, createdAt: 1, _id: 1 }, unique: false },
    { name: 'userId_1_createdAt_1__id_1', key: { userId: 1, createdAt: 1, _id: 1 }, unique: false },
  ],
  webhook_deliveries: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'createdAt_1', key: { createdAt: 1 }, unique: false },
    {
      name: 'endpointId_1_createdAt_-1__id_-1',
      key: { endpointId: 1, createdAt: -1, _id: -1 },
      unique: false,
    },
    { name: 'status_1_nextAttemptAt_1', key: { status: 1, nextAttemptAt: 1 }, unique: false },
  ],
  webhook_leases: [{ name: '_id_', key: { _id: 1 }, unique: false }],
};

// what migration 9 adds
const ANALYTICS_SHARE_INDEXES = {
  analytics_shares: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'ownerId_1', key: { ownerId: 1 }, unique: false },
    {
      name: 'profileId_1_createdAt_-1__id_-1',
      key: { profileId: 1, createdAt: -1, _id: -1 },
      unique: false,
    },
    { name: 'tokenHash_1', key: { tokenHash: 1 }, unique: true },
  ],
};

// what migration 10 adds: the hourly walk's indexes on the users, and the record of the mails sent
const ANALYTICS_MAIL_USER_INDEXES = [
  { name: 'analyticsReport_1', key: { analyticsReport: 1 }, unique: false },
  { name: 'trafficAlertMultiple_1', key: { trafficAlertMultiple: 1 }, unique: false },
];
const ANALYTICS_MAIL_INDEXES = {
  analytics_mail_sends: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'createdAt_1', key: { createdAt: 1 }, unique: false },
    { name: 'userId_1_key_1', key: { userId: 1, key: 1 }, unique: true },
  ],
};

// what migration 11 adds: the authenticator apps, their recovery codes and the time steps taken, the
// passkeys and the WebAuthn challenges answered
const SECOND_FACTOR_INDEXES = {
  second_factors: [{ name: '_id_', key: { _id: 1 }, unique: false }],
  recovery_codes: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'userId_1_codeHash_1', key: { userId: 1, codeHash: 1 }, unique: true },
  ],
  second_factor_steps: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'userId_1_timeStep_1', key: { userId: 1, timeStep: 1 }, unique: true },
  ],
  passkeys: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'userId_1_createdAt_1', key: { userId: 1, createdAt: 1 }, unique: false },
  ],
  webauthn_challenges: [
    { name: '_id_', key: { _id: 1 }, unique: false },
    { name: 'expiresAt_1', key: { expiresAt: 1 }, unique: false },
  ],
};

describe('the MongoDB store’s schema versions', () => {
  it('the migrate step makes a new database’s collections and indexes once; the api opens it only then', async () => {
    const { name, databaseUrl } = newDatabase();
    const opening = createStorage({ kind: 'mongo', mongoUrl: databaseUrl });
    await expect(opening).rejects.toThrow(SchemaVersionError);
    await expect(opening).rejects.toThrow(
      `the MongoDB database ${name} is at schema version 0, older than this build's ${LATEST}; run \`npm run migrate\` (the cluster's migrate service) first.`,
    );
    // the check made nothing
    await expect(withDb(databaseUrl, indexesOf)).resolves.toEqual({});

    await expect(migrateStorage({ kind: 'mongo', mongoUrl: databaseUrl })).resolves.toEqual(VERSION_NUMBERS);
    await expect(migrateStorage({ kind: 'mongo', mongoUrl: databaseUrl })).resolves.toEqual([]);
    const indexes = await withDb(databaseUrl, indexesOf);
    expect(indexes).toMatchObject({
      users: expect.arrayContaining([
        { name: 'email_1', key: { email: 1 }, unique: true },
        ...ANALYTICS_MAIL_USER_INDEXES,
      ]),
      profiles: expect.arrayContaining([
        { name: 'handle_1', key: { handle: 1 }, unique: true },
        { name: 'ownerId_1_createdAt_1', key: { ownerId: 1, createdAt: 1 }, unique: false },
        ...TEAM_PROFILE_INDEXES,
      ]),
      leads: expect.arrayContaining([
        {
          name: 'profileId_1_createdAt_-1__id_-1',
          key: { profileId: 1, createdAt: -1, _id: -1 },
          unique: false,
        },
        ...LEAD_WORK_INDEXES,
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
      account_exports: expect.arrayContaining([
        { name: 'userId_1', key: { userId: 1 }, unique: true },
        { name: 'expiresAt_1', key: { expiresAt: 1 }, unique: false },
      ]),
      ...TEAM_INDEXES,
      api_keys: expect.arrayContaining([
        { name: 'keyHash_1', key: { keyHash: 1 }, unique: true },
        { name: 'userId_1_createdAt_-1', key: { userId: 1, createdAt: -1 }, unique: false },
        { name: 'teamId_1_createdAt_-1', key: { teamId: 1, createdAt: -1 }, unique: false },
      ]),
      ...CARD_EXCHANGE_INDEXES,
      ...WEBHOOK_INDEXES,
      ...ANALYTICS_SHARE_INDEXES,
      ...ANALYTICS_MAIL_INDEXES,
      ...SECOND_FACTOR_INDEXES,
    });
    await expect(
      withDb(databaseUrl, (db) => db.collection('schema_migrations').find().sort({ _id: 1 }).toArray()),
    ).resolves.toEqual(ALL_VERSIONS.map((version) => expect.objectContaining(version)));

    const storage = await createStorage({ kind: 'mongo', mongoUrl: databaseUrl });
    await storage.close();
  });

  it('a database the api made before versions is adopted with every document and index kept', async () => {
    const { databaseUrl } = newDatabase();
    const user = await withDb(databaseUrl, fillAsBeforeVersions);
    const before = await withDb(databaseUrl, async (db) => ({
      documents: await documentsOf(db, COLLECTIONS),
      indexes: await indexesOf(db),
    }));

    await expect(migrateStorage({ kind: 'mongo', mongoUrl: databaseUrl })).resolves.toEqual(VERSION_NUMBERS);

    const after = await withDb(databaseUrl, async (db) => ({
      documents: await documentsOf(db, COLLECTIONS),
      indexes: await indexesOf(db),
    }));
    // every document kept; the leads get their status, tags, note and search text (migration 5)
    expect(after.documents).toEqual({
      ...before.documents,
      leads: (before.documents.leads as Array<Record<string, unknown>>).map((lead) => ({
        ...lead,
        status: 'new',
        tags: [],
        tagKeys: [],
        note: null,
        searchText: [lead.email, lead.name, lead.company, lead.message]
          .filter((part) => typeof part === 'string' && part !== '')
          .join('\n')
          .toLowerCase(),
        updatedAt: lead.createdAt,
        statusChangedAt: null,
        visitorKey: null,
        followUp: null,
      })),
    });
    expect(after.indexes).toEqual({
      ...before.indexes,
      schema_migrations: [expect.objectContaining({ name: '_id_' })],
      // the data exports came after versions: their collection is made by migration 3
      account_exports: expect.arrayContaining([expect.objectContaining({ name: 'userId_1' })]),
      // and teams by migration 4, which indexes the cards by team and template too
      ...TEAM_INDEXES,
      ...CARD_EXCHANGE_INDEXES,
      profiles: [...(before.indexes.profiles as object[]), ...TEAM_PROFILE_INDEXES],
      leads: expect.arrayContaining([...(before.indexes.leads as object[]), ...LEAD_WORK_INDEXES]),
      // and the API keys by migration 7
      api_keys: expect.arrayContaining([expect.objectContaining({ name: 'keyHash_1' })]),
      // and the webhooks' by migration 8
      ...WEBHOOK_INDEXES,
      // and the analytics links' by migration 9
      ...ANALYTICS_SHARE_INDEXES,
      // and the analytics mails' by migration 10
      users: expect.arrayContaining([...(before.indexes.users as object[]), ...ANALYTICS_MAIL_USER_INDEXES]),
      ...ANALYTICS_MAIL_INDEXES,
      // and the second factors' by migration 11
      ...SECOND_FACTOR_INDEXES,
    });
    const storage = await createStorage({ kind: 'mongo', mongoUrl: databaseUrl });
    try {
      await expect(storage.users.findByEmail('ada@example.com')).resolves.toMatchObject({
        notifyOnMessages: true,
      });
      // a card made before teams is a personal card
      await expect(storage.profiles.findByHandle('ada')).resolves.toMatchObject({
        teamId: null,
        templateId: null,
      });
      await expect(storage.media.listByOwner(user.toHexString())).resolves.toHaveLength(1);
      // the old leads are new, untagged and without a note, and the filters find them
      const profile = await storage.profiles.findByHandle('ada');
      const found = await storage.leads.search(
        { profileIds: [profile!.id], status: 'new', text: 'ACME' },
        { offset: 0, limit: 10 },
      );
      expect(found.items.map(({ email, status, tags, note }) => ({ email, status, tags, note }))).toEqual([
        { email: 'v2@example.com', status: 'new', tags: [], note: null },
      ]);
    } finally {
      await storage.close();
    }
  });

  it('refuses a database a newer build migrated, naming both versions, in the migrate step and at open', async () => {
    const { name, databaseUrl } = newDatabase();
    // what a later build's migrate leaves: its versions recorded (its collections do not matter here)
    await withDb(databaseUrl, (db) =>
      db
        .collection<{ _id: number; name: string }>('schema_migrations')
        .insertMany([...ALL_VERSIONS, { _id: LATEST + 1, name: 'later-feature' }]),
    );
    const message = `the MongoDB database ${name} is at schema version ${LATEST + 1}, newer than this build's ${LATEST}; run a build at least as new, or restore a backup made by this one.`;
    await expect(migrateStorage({ kind: 'mongo', mongoUrl: databaseUrl })).rejects.toThrow(message);
    await expect(createStorage({ kind: 'mongo', mongoUrl: databaseUrl })).rejects.toThrow(message);
    // the refused migrate made nothing
    await expect(withDb(databaseUrl, indexesOf)).resolves.toEqual({ schema_migrations: [expect.anything()] });
  });
});
