import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStorage, migrateStorage, SchemaVersionError } from '../../index';
import { openSqliteDatabase, type SqliteDatabase } from './sqlite-database';
import { migrateSqlite, sqliteSchemaVersion, type SqliteSchema } from './sqlite-migrations';
import { STORAGE_SQLITE_SCHEMA } from './sqlite-schema';

// files as earlier builds left them, frozen here: the tables of the first release, and those of the
// last build before schema_version (the first release's grown by the columns and the table it added
// at every open). neither has a schema_version table.

const FIRST_RELEASE_DDL = `
CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT NOT NULL, display_name TEXT NOT NULL,
  password_hash TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
CREATE TABLE profiles (id TEXT PRIMARY KEY, owner_id TEXT NOT NULL, handle TEXT NOT NULL,
  display_name TEXT NOT NULL, tagline TEXT, bio TEXT, published INTEGER NOT NULL, published_at INTEGER,
  theme TEXT NOT NULL, layout TEXT NOT NULL, contact TEXT NOT NULL, media TEXT NOT NULL,
  privacy TEXT NOT NULL, social_links TEXT NOT NULL, blocks TEXT NOT NULL, created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL);
CREATE UNIQUE INDEX profiles_handle_unique ON profiles (handle);
CREATE INDEX profiles_owner ON profiles (owner_id, created_at);
CREATE TABLE leads (id TEXT PRIMARY KEY, profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  email TEXT NOT NULL, message TEXT, consent INTEGER NOT NULL, consent_text TEXT NOT NULL,
  visitor_user_id TEXT, created_at INTEGER NOT NULL);
CREATE INDEX leads_profile_created ON leads (profile_id, created_at, id);
CREATE TABLE sessions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, revoked_at INTEGER);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE TABLE media (key TEXT PRIMARY KEY, owner_id TEXT NOT NULL, content_type TEXT NOT NULL,
  size INTEGER NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX media_owner ON media (owner_id, created_at);
`;

const UNVERSIONED_DDL = `${FIRST_RELEASE_DDL}
ALTER TABLE users ADD COLUMN notify_messages INTEGER NOT NULL DEFAULT 1;
ALTER TABLE leads ADD COLUMN name TEXT;
ALTER TABLE leads ADD COLUMN phone TEXT;
ALTER TABLE leads ADD COLUMN company TEXT;
CREATE TABLE account_tokens (id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL, token_hash TEXT NOT NULL, new_email TEXT, created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL);
CREATE UNIQUE INDEX account_tokens_hash ON account_tokens (token_hash);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);
CREATE INDEX account_tokens_expires ON account_tokens (expires_at);
`;

const USER = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const OTHER_USER = 'aaaaaaaaaaaaaaaaaaaaaaa2';
const PROFILE = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const LATER = 4_102_444_800_000; // 2100: nothing here expires while the test runs

/** rows in every table of the first release */
const FIRST_RELEASE_ROWS: Record<string, Record<string, string | number | null>[]> = {
  users: [
    {
      id: USER,
      email: 'ada@example.com',
      display_name: 'Ada',
      password_hash: 'h1',
      created_at: 1,
      updated_at: 2,
    },
    {
      id: OTHER_USER,
      email: 'bob@example.com',
      display_name: 'Bob',
      password_hash: 'h2',
      created_at: 3,
      updated_at: 3,
    },
  ],
  profiles: [
    {
      id: PROFILE,
      owner_id: USER,
      handle: 'ada',
      display_name: 'Ada Lovelace',
      tagline: 'Poetical science',
      bio: null,
      published: 1,
      published_at: 5,
      theme: 'noir',
      layout: 'split',
      contact: '{"email":"ada@example.com","phoneNumber":null,"company":null,"location":null,"website":null}',
      media: '{"avatarUrl":null,"bannerUrl":null,"ogImageUrl":null}',
      privacy: '{"collectGeo":true,"collectIp":false,"showIdentifiedViewers":false,"allowMessages":true}',
      social_links: '[]',
      blocks: '[]',
      created_at: 4,
      updated_at: 5,
    },
  ],
  leads: [
    {
      id: 'ccccccccccccccccccccccc1',
      profile_id: PROFILE,
      email: 'v1@example.com',
      message: 'hello',
      consent: 1,
      consent_text: 'ok',
      visitor_user_id: null,
      created_at: 6,
    },
    {
      id: 'ccccccccccccccccccccccc2',
      profile_id: PROFILE,
      email: 'v2@example.com',
      message: null,
      consent: 1,
      consent_text: 'ok',
      visitor_user_id: OTHER_USER,
      created_at: 7,
    },
  ],
  sessions: [
    { id: 'ddddddddddddddddddddddd1', user_id: USER, created_at: 8, expires_at: LATER, revoked_at: null },
  ],
  media: [
    { key: 'a1b2c3d4e5f6a7b8.jpg', owner_id: USER, content_type: 'image/jpeg', size: 4, created_at: 9 },
  ],
};

/** the first release's rows, and what the columns and the table added since hold */
const UNVERSIONED_ROWS: typeof FIRST_RELEASE_ROWS = {
  ...FIRST_RELEASE_ROWS,
  users: FIRST_RELEASE_ROWS.users.map((row, n) => ({ ...row, notify_messages: n % 2 })),
  leads: FIRST_RELEASE_ROWS.leads.map((row, n) => ({
    ...row,
    name: `Visitor ${n}`,
    phone: null,
    company: 'Acme',
  })),
  account_tokens: [
    {
      id: 'eeeeeeeeeeeeeeeeeeeeeee1',
      user_id: USER,
      purpose: 'email-change',
      token_hash: 'th1',
      new_email: 'ada@new.example',
      created_at: 10,
      expires_at: LATER,
    },
  ],
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cardcraft-sqlite-migrations-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
/** a file in a fresh folder, made with `ddl` and holding `rows` */
function fileMadeWith(ddl: string, rows: typeof FIRST_RELEASE_ROWS): string {
  const file = join(dir, `data-${++fileCount}`, 'cardcraft.db');
  const db = openSqliteDatabase(file);
  try {
    db.exec(ddl);
    for (const [table, tableRows] of Object.entries(rows)) {
      for (const row of tableRows) {
        const columns = Object.keys(row);
        db.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
        ).run(row);
      }
    }
  } finally {
    db.close();
  }
  return file;
}

function withFile<T>(file: string, read: (db: SqliteDatabase) => T): T {
  const db = openSqliteDatabase(file);
  try {
    return read(db);
  } finally {
    db.close();
  }
}

function rowsOf(file: string, tables: readonly string[]): Record<string, unknown[]> {
  return withFile(file, (db) =>
    Object.fromEntries(
      tables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()]),
    ),
  );
}

/** every table's columns and every index's definition, schema_version aside */
function shapeOf(file: string): Record<string, unknown> {
  return withFile(file, (db) => {
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'schema_version' ORDER BY name",
      )
      .all()
      .map((row) => row.name);
    const indexes = db
      .prepare<[], { name: string; sql: string }>(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
      )
      .all()
      .map((index) => `${index.name}: ${index.sql.replace(/\s+/g, ' ').replace(/IF NOT EXISTS /i, '')}`);
    return {
      tables: Object.fromEntries(
        tables.map((table) => [table, db.prepare(`PRAGMA table_info(${table})`).all()]),
      ),
      indexes,
    };
  });
}

function versionsOf(file: string): unknown[] {
  return withFile(file, (db) =>
    db.prepare("SELECT version, name FROM schema_version WHERE part = 'storage' ORDER BY version").all(),
  );
}

const ALL_VERSIONS = [
  { version: 1, name: 'first-release' },
  { version: 2, name: 'account-links-and-message-fields' },
];

describe('the SQLite store’s schema versions', () => {
  it('a new file gets every migration once, recorded in schema_version; opening it again applies none', async () => {
    const file = join(dir, 'new', 'cardcraft.db');
    await expect(migrateStorage({ kind: 'sqlite', file })).resolves.toEqual([1, 2]);
    expect(versionsOf(file)).toEqual(ALL_VERSIONS);
    const storage = await createStorage({ kind: 'sqlite', file });
    await storage.close();
    await expect(migrateStorage({ kind: 'sqlite', file })).resolves.toEqual([]);
    expect(versionsOf(file)).toEqual(ALL_VERSIONS);
  });

  it.each([
    ['the last build before versions', UNVERSIONED_DDL, UNVERSIONED_ROWS, {}],
    [
      'the first release',
      FIRST_RELEASE_DDL,
      FIRST_RELEASE_ROWS,
      // what the columns added since hold on rows made before them
      { users: { notify_messages: 1 }, leads: { name: null, phone: null, company: null } },
    ],
  ])('a file made by %s upgrades with every row kept', async (_build, ddl, rows, added) => {
    const file = fileMadeWith(ddl, rows);
    const tables = Object.keys(rows);
    const before = rowsOf(file, tables);
    const fresh = join(dir, `fresh-${fileCount}`, 'cardcraft.db');
    await migrateStorage({ kind: 'sqlite', file: fresh });

    const storage = await createStorage({ kind: 'sqlite', file });
    try {
      // the repositories read the old rows
      await expect(storage.users.findByEmail('ada@example.com')).resolves.toMatchObject({ id: USER });
      await expect(storage.profiles.findByHandle('ada')).resolves.toMatchObject({
        id: PROFILE,
        ownerId: USER,
      });
      const { items } = await storage.leads.listByProfile(PROFILE, { offset: 0, limit: 10 });
      expect(items.map((lead) => lead.email)).toEqual(['v2@example.com', 'v1@example.com']);
      await expect(storage.sessions.findById('ddddddddddddddddddddddd1')).resolves.toMatchObject({
        userId: USER,
      });
      await expect(storage.media.listByOwner(USER)).resolves.toHaveLength(1);
    } finally {
      await storage.close();
    }

    const extra = added as Record<string, Record<string, unknown>>;
    expect(rowsOf(file, tables)).toEqual(
      Object.fromEntries(
        Object.entries(before).map(([table, tableRows]) => [
          table,
          tableRows.map((row) => ({ ...(row as object), ...extra[table] })),
        ]),
      ),
    );
    expect(versionsOf(file)).toEqual(ALL_VERSIONS);
    // the same tables, columns and indexes as a new file
    expect(shapeOf(file)).toEqual(shapeOf(fresh));
  });

  it('refuses a file a newer build migrated, naming both versions, and leaves it as it was', async () => {
    const file = join(dir, 'newer', 'cardcraft.db');
    await migrateStorage({ kind: 'sqlite', file });
    withFile(file, (db) => {
      db.exec('CREATE TABLE later_feature (id TEXT PRIMARY KEY)');
      db.prepare("INSERT INTO schema_version VALUES ('storage', 3, 'later-feature', 0)").run();
    });
    const shape = shapeOf(file);
    const message = `the SQLite store in ${file} is at schema version 3, newer than this build's 2; run a build at least as new, or restore a backup made by this one.`;

    const opening = createStorage({ kind: 'sqlite', file });
    await expect(opening).rejects.toThrow(SchemaVersionError);
    await expect(opening).rejects.toThrow(message);
    await expect(migrateStorage({ kind: 'sqlite', file })).rejects.toThrow(message);
    expect(shapeOf(file)).toEqual(shape);
  });
});

describe('migrateSqlite', () => {
  const toy = (failAt?: number): SqliteSchema => ({
    part: 'toy',
    label: 'the toy',
    migrations: [
      { version: 1, name: 'table', apply: (db) => db.exec('CREATE TABLE toy (n INTEGER)') },
      {
        version: 2,
        name: 'rows',
        apply: (db) => {
          db.exec('INSERT INTO toy VALUES (1), (2)');
          if (failAt === 2) throw new Error('the disk said no');
          db.exec('ALTER TABLE toy ADD COLUMN label TEXT');
        },
      },
    ],
  });

  it('runs each migration in a transaction of its own: a failed one leaves the version before it', () => {
    const db = openSqliteDatabase(join(dir, 'toy.db'));
    try {
      expect(() => migrateSqlite(db, toy(2))).toThrow('the disk said no');
      expect(sqliteSchemaVersion(db, 'toy')).toBe(1);
      expect(db.prepare('SELECT count(*) AS n FROM toy').get()).toEqual({ n: 0 });

      expect(migrateSqlite(db, toy())).toEqual([2]);
      expect(sqliteSchemaVersion(db, 'toy')).toBe(2);
      expect(db.prepare('SELECT count(*) AS n FROM toy').get()).toEqual({ n: 2 });
      // another part of the same file keeps its own versions
      expect(migrateSqlite(db, STORAGE_SQLITE_SCHEMA)).toEqual([1, 2]);
      expect(sqliteSchemaVersion(db, 'toy')).toBe(2);
    } finally {
      db.close();
    }
  });

  it('takes migrations numbered 1, 2, 3… only', () => {
    const db = openSqliteDatabase(':memory:');
    try {
      const [first, second] = toy().migrations;
      expect(() => migrateSqlite(db, { ...toy(), migrations: [second, first] })).toThrow(/out of place/);
    } finally {
      db.close();
    }
  });
});
