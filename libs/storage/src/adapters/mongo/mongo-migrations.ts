import type { mongo } from 'mongoose';
import { latestVersion, SchemaVersionError } from '../../schema-version';
import { leadSearchText } from '../lead-search';

// the collections and their indexes, as numbered migrations: what the database holds besides the
// documents' shapes (mongo-schemas.ts). schema_migrations records the ones applied, a document each.
// `npm run migrate` applies them (the cluster's migrate service); the api only checks the version.
//
// each step only creates what is missing, so it adopts a database the api made before versions (it
// created these indexes at every start) and a second migrate running at the same time does no harm.
// the images' GridFS bucket ("media") gets its collections and indexes from the driver at the first
// upload. fields added later (a user's notifyOnMessages, a message's name, phone and company, a card's
// teamId and templateId) need no step: a document without them reads as the default. a lead's status,
// tags and search text do (5): the filters read them, so every lead must have them.

type Db = mongo.Db;

interface IndexSpec {
  key: Record<string, 1 | -1>;
  unique?: true;
}

export interface MongoMigration {
  version: number;
  name: string;
  apply(db: Db): Promise<void>;
}

const MIGRATIONS_COLLECTION = 'schema_migrations';

interface MigrationRecord {
  _id: number;
  name: string;
  appliedAt: Date;
}

/** the collection and its indexes, each unless it exists (an index of the same key and options does) */
async function collectionWithIndexes(db: Db, name: string, indexes: IndexSpec[]): Promise<void> {
  const exists = await db.listCollections({ name }, { nameOnly: true }).hasNext();
  if (!exists) {
    await db.createCollection(name).catch((error: unknown) => {
      // NamespaceExists: created meanwhile by another migrate
      if ((error as { code?: unknown }).code !== 48) throw error;
    });
  }
  // one at a time: ferretdb v1 drops the connection when one createIndexes names several that exist
  for (const { key, ...options } of indexes) await db.collection(name).createIndex(key, options);
}

export const MONGO_MIGRATIONS: readonly MongoMigration[] = [
  {
    version: 1,
    name: 'first-release',
    apply: async (db) => {
      // e-mails are stored lower-cased, so a plain unique index is case-insensitive. (a collation
      // index would also do on mongodb, but it keeps the stored value's case and ferretdb has none.)
      await collectionWithIndexes(db, 'users', [{ key: { email: 1 }, unique: true }]);
      await collectionWithIndexes(db, 'profiles', [
        { key: { handle: 1 }, unique: true },
        { key: { ownerId: 1, createdAt: 1 } },
      ]);
      // _id completes the newest-first order, so a page is read straight off the index
      await collectionWithIndexes(db, 'leads', [{ key: { profileId: 1, createdAt: -1, _id: -1 } }]);
      // plain indexes, not a ttl one: ferretdb v1 has no ttl indexes, so expired sessions are swept by
      // deleteExpired, and every read checks expiresAt anyway
      await collectionWithIndexes(db, 'sessions', [{ key: { userId: 1 } }, { key: { expiresAt: 1 } }]);
    },
  },
  {
    version: 2,
    name: 'account-links',
    apply: async (db) => {
      // expired links are swept by deleteExpired (no ttl index, as for sessions)
      await collectionWithIndexes(db, 'account_tokens', [
        { key: { tokenHash: 1 }, unique: true },
        { key: { userId: 1, purpose: 1 } },
        { key: { expiresAt: 1 } },
      ]);
    },
  },
  {
    version: 3,
    name: 'account-exports',
    apply: async (db) => {
      // one export per account: of two requests at once, the second insert is refused. the zips are
      // in GridFS's "exports" bucket, whose collections the driver makes at the first upload
      await collectionWithIndexes(db, 'account_exports', [
        { key: { userId: 1 }, unique: true },
        { key: { expiresAt: 1 } },
      ]);
    },
  },
  {
    version: 4,
    name: 'teams',
    apply: async (db) => {
      // a team is reached through its memberships, so it needs no index of its own
      await collectionWithIndexes(db, 'teams', []);
      // one membership per user and team: of two adds at once, the second insert is refused
      await collectionWithIndexes(db, 'team_members', [
        { key: { teamId: 1, userId: 1 }, unique: true },
        { key: { userId: 1, joinedAt: 1 } },
      ]);
      // one invitation per address and team (addresses are stored lower-cased); a link finds one
      await collectionWithIndexes(db, 'team_invitations', [
        { key: { teamId: 1, email: 1 }, unique: true },
        { key: { tokenHash: 1 }, unique: true },
        { key: { teamId: 1, createdAt: -1, _id: -1 } },
      ]);
      await collectionWithIndexes(db, 'card_templates', [{ key: { teamId: 1, createdAt: 1, _id: 1 } }]);
      await collectionWithIndexes(db, 'profiles', [
        { key: { teamId: 1, createdAt: 1 } },
        { key: { templateId: 1 } },
      ]);
    },
  },
  {
    version: 5,
    name: 'lead-follow-up',
    apply: async (db) => {
      // the inbox filtered by status reads its page off the first; the tag filter the second
      await collectionWithIndexes(db, 'leads', [
        { key: { profileId: 1, status: 1, createdAt: -1, _id: -1 } },
        { key: { profileId: 1, tagKeys: 1 } },
      ]);
      // existing leads become new, untagged, without a note, last changed when received, with the
      // text the search reads; one at a time, since the text is lower-cased as every later write does
      const leads = db.collection('leads');
      const pending = leads.find(
        { status: { $exists: false } },
        { projection: { email: 1, name: 1, company: 1, message: 1, createdAt: 1 } },
      );
      for await (const lead of pending) {
        await leads.updateOne(
          { _id: lead._id, status: { $exists: false } },
          {
            $set: {
              status: 'new',
              tags: [],
              tagKeys: [],
              note: null,
              searchText: leadSearchText({
                email: String(lead.email ?? ''),
                name: typeof lead.name === 'string' ? lead.name : null,
                company: typeof lead.company === 'string' ? lead.company : null,
                message: typeof lead.message === 'string' ? lead.message : null,
                note: null,
              }),
              updatedAt: lead.createdAt as unknown,
              statusChangedAt: null,
              visitorKey: null,
              followUp: null,
            },
          },
        );
      }
    },
  },
  {
    version: 6,
    name: 'lead-questions-and-card-exchange',
    apply: async (db) => {
      // a message's answers and "Send me your card" need no step (absent reads as none). a card is
      // e-mailed to an address once a day: of two requests at once, the second insert is refused
      await collectionWithIndexes(db, 'card_exchange_sends', [
        { key: { recipientHash: 1, day: 1, profileId: 1 }, unique: true },
        { key: { day: 1 } },
      ]);
    },
  },
  {
    version: 7,
    name: 'api-keys',
    apply: async (db) => {
      // a key is found by its hash on every request it makes; an owner's keys are listed newest first
      await collectionWithIndexes(db, 'api_keys', [
        { key: { keyHash: 1 }, unique: true },
        { key: { userId: 1, createdAt: -1 } },
        { key: { teamId: 1, createdAt: -1 } },
      ]);
    },
  },
  {
    version: 8,
    name: 'webhooks',
    apply: async (db) => {
      await collectionWithIndexes(db, 'webhook_endpoints', [
        { key: { userId: 1, createdAt: 1, _id: 1 } },
        { key: { teamId: 1, createdAt: 1, _id: 1 } },
      ]);
      // the log newest first, the dispatcher's due rows, and the prune of old ones
      await collectionWithIndexes(db, 'webhook_deliveries', [
        { key: { endpointId: 1, createdAt: -1, _id: -1 } },
        { key: { status: 1, nextAttemptAt: 1 } },
        { key: { createdAt: 1 } },
      ]);
      // a delivery's lease, keyed by the delivery's id
      await collectionWithIndexes(db, 'webhook_leases', []);
    },
  },
  {
    version: 9,
    name: 'analytics-shares',
    apply: async (db) => {
      // a visit finds its link by the token's hash; a card's links are listed newest first, and go
      // with the card or with the account that made them
      await collectionWithIndexes(db, 'analytics_shares', [
        { key: { tokenHash: 1 }, unique: true },
        { key: { profileId: 1, createdAt: -1, _id: -1 } },
        { key: { ownerId: 1 } },
      ]);
    },
  },
  {
    version: 10,
    name: 'analytics-mail',
    apply: async (db) => {
      // a user's time zone and mail settings need no step (absent reads as none). the hourly walk
      // reads the users who chose a report or an alert; a send is recorded once per owner and key
      await collectionWithIndexes(db, 'users', [
        { key: { analyticsReport: 1 } },
        { key: { trafficAlertMultiple: 1 } },
      ]);
      await collectionWithIndexes(db, 'analytics_mail_sends', [
        { key: { userId: 1, key: 1 }, unique: true },
        { key: { createdAt: 1 } },
      ]);
    },
  },
  {
    version: 11,
    name: 'second-factor-and-passkeys',
    apply: async (db) => {
      // a factor is kept under its user's id; a code is found by its user and hash; a passkey under
      // its credential id, listed by its user; a challenge answered under its hash, swept by expiry.
      // a session's origin and proof, and a team's requirement, need no step (absent reads as none)
      await collectionWithIndexes(db, 'second_factors', []);
      await collectionWithIndexes(db, 'recovery_codes', [{ key: { userId: 1, codeHash: 1 }, unique: true }]);
      await collectionWithIndexes(db, 'second_factor_steps', [
        { key: { userId: 1, timeStep: 1 }, unique: true },
      ]);
      await collectionWithIndexes(db, 'passkeys', [{ key: { userId: 1, createdAt: 1 } }]);
      await collectionWithIndexes(db, 'webauthn_challenges', [{ key: { expiresAt: 1 } }]);
    },
  },
];

function records(db: Db): mongo.Collection<MigrationRecord> {
  return db.collection<MigrationRecord>(MIGRATIONS_COLLECTION);
}

/** how a refusal names the database (its name only: the url may hold credentials) */
function nameOf(db: Db): string {
  return `the MongoDB database ${db.databaseName}`;
}

/** the database's version: its highest applied migration, 0 before any */
export async function mongoSchemaVersion(db: Db): Promise<number> {
  const [newest] = await records(db).find().sort({ _id: -1 }).limit(1).toArray();
  return newest?._id ?? 0;
}

/**
 * applies the pending migrations in order, recording each after it ran; a database newer than the
 * build is refused (SchemaVersionError) before anything is written. returns the versions applied.
 */
export async function migrateMongo(db: Db, migrations = MONGO_MIGRATIONS): Promise<number[]> {
  const latest = latestVersion(migrations);
  const found = await mongoSchemaVersion(db);
  if (found > latest) throw new SchemaVersionError(nameOf(db), found, latest);
  const applied: number[] = [];
  for (const migration of migrations.filter((step) => step.version > found)) {
    await migration.apply(db);
    try {
      await records(db).insertOne({ _id: migration.version, name: migration.name, appliedAt: new Date() });
      applied.push(migration.version);
    } catch (error) {
      // a duplicate key: another migrate recorded it first, after running the same idempotent step
      if ((error as { code?: unknown }).code !== 11000) throw error;
    }
  }
  return applied;
}

/** refuses a database that is not at the build's version: older (npm run migrate) or newer */
export async function checkMongoSchema(db: Db, migrations = MONGO_MIGRATIONS): Promise<void> {
  const latest = latestVersion(migrations);
  const found = await mongoSchemaVersion(db);
  if (found !== latest) throw new SchemaVersionError(nameOf(db), found, latest);
}
