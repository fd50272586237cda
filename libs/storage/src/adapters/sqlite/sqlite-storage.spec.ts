import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createStorage,
  migrateStorage,
  openSqliteFile,
  SchemaVersionError,
  snapshotSqliteFile,
  STORAGE_SNAPSHOT_QUERIES,
} from '../../index';
import { describeAccountStorageContract } from '../../account.contract';
import { describeStorageContract } from '../../storage.contract';
import { emptyBrand, newInvitation, templateData } from '../../testing/storage-contract-helpers';
import {
  BEFORE_TEAMS_ROWS,
  BEFORE_TEAMS_VERSION,
  FIRST_RELEASE_DDL,
  FIRST_RELEASE_ROWS,
  PROFILE,
  UNVERSIONED_DDL,
  UNVERSIONED_ROWS,
  USER,
} from '../../testing/earlier-sqlite-files';
import { openSqliteDatabase, type SqliteDatabase } from './sqlite-database';
import { migrateSqlite, sqliteSchemaVersion, type SqliteSchema } from './sqlite-migrations';
import { STORAGE_SQLITE_SCHEMA } from './sqlite-schema';

const dir = mkdtempSync(join(tmpdir(), 'cardcraft-sqlite-storage-'));
// a folder that does not exist yet: the adapter creates it
const file = join(dir, 'data', 'cardcraft.db');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeStorageContract('sqlite', () => createStorage({ kind: 'sqlite', file }));
describeAccountStorageContract('sqlite', () => createStorage({ kind: 'sqlite', file }));

describe('openSqliteDatabase', () => {
  it('opens a file in WAL mode with foreign keys on and a busy timeout', () => {
    const db = openSqliteDatabase(join(dir, 'other', 'shared.db'));
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('indexes sessions by user and by expiry', async () => {
    const indexed = join(dir, 'indexes', 'cardcraft.db');
    const storage = await createStorage({ kind: 'sqlite', file: indexed });
    const db = await openSqliteFile(indexed);
    try {
      const names = db
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sessions'",
        )
        .all()
        .map((row) => row.name);
      expect(names).toEqual(expect.arrayContaining(['sessions_user', 'sessions_expires']));
    } finally {
      db.close();
      await storage.close();
    }
  });

  it('indexes memberships by user, invitations by address and link, and cards by team and template', async () => {
    const indexed = join(dir, 'team-indexes', 'cardcraft.db');
    const storage = await createStorage({ kind: 'sqlite', file: indexed });
    const db = await openSqliteFile(indexed);
    try {
      const indexes = db
        .prepare<[], { name: string; unique: number }>(
          `SELECT il.name, il."unique" FROM sqlite_master m, pragma_index_list(m.name) il
           WHERE m.type = 'table' AND m.name IN ('team_members', 'team_invitations', 'card_templates', 'profiles')`,
        )
        .all();
      expect(indexes).toEqual(
        expect.arrayContaining([
          { name: 'team_members_user', unique: 0 },
          { name: 'team_invitations_email', unique: 1 },
          { name: 'team_invitations_token', unique: 1 },
          { name: 'card_templates_team', unique: 0 },
          { name: 'profiles_team', unique: 0 },
          { name: 'profiles_template', unique: 0 },
        ]),
      );
    } finally {
      db.close();
      await storage.close();
    }
  });

  it('lets another adapter keep its own table in the storage file', async () => {
    const shared = join(dir, 'shared', 'cardcraft.db');
    const storage = await createStorage({ kind: 'sqlite', file: shared });
    const db = await openSqliteFile(shared);
    try {
      db.exec('CREATE TABLE IF NOT EXISTS queue_jobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
      db.prepare('INSERT INTO queue_jobs (body) VALUES (?)').run('{}');
      const user = await storage.users.create({ email: 'q@x.io', displayName: 'Q', passwordHash: 'h' });
      expect(db.prepare('SELECT email FROM users WHERE id = ?').get(user.id)).toEqual({ email: 'q@x.io' });
      expect(db.prepare('SELECT count(*) AS n FROM queue_jobs').get()).toEqual({ n: 1 });
    } finally {
      db.close();
      await storage.close();
    }
  });
});

describe('the backup’s snapshot of the storage file', () => {
  it('copies the team tables with the rest, and counts their rows', async () => {
    const source = join(dir, 'snapshot', 'cardcraft.db');
    const storage = await createStorage({ kind: 'sqlite', file: source });
    try {
      const users = [];
      for (const name of ['owner', 'member']) {
        users.push(
          await storage.users.create({ email: `${name}@x.io`, displayName: name, passwordHash: 'h' }),
        );
      }
      const [owner, member] = users;
      const team = await storage.teams.create('Engines', emptyBrand(), owner.id);
      await storage.teams.addMember(team.id, member.id, 'member');
      await storage.teamInvitations.create(newInvitation(team.id, owner.id, 'guest@x.io'));
      await storage.cardTemplates.create(team.id, templateData('Sales'));
    } finally {
      await storage.close();
    }
    const copy = join(dir, 'snapshot', 'copy.db');
    const { values } = await snapshotSqliteFile(source, copy, { ...STORAGE_SNAPSHOT_QUERIES });
    expect(values).toMatchObject({
      users: 2,
      teams: 1,
      team_members: 2,
      team_invitations: 1,
      card_templates: 1,
    });
    expect(String(values.tables).split(',')).toEqual(
      expect.arrayContaining(['teams', 'team_members', 'team_invitations', 'card_templates']),
    );
  });
});

let fileCount = 0;
/** a file in a fresh folder, made with `ddl` (or a build's migrations) and holding `rows` */
function fileMadeWith(ddl: string | ((db: SqliteDatabase) => void), rows: typeof FIRST_RELEASE_ROWS): string {
  const file = join(dir, `data-${++fileCount}`, 'cardcraft.db');
  const db = openSqliteDatabase(file);
  try {
    if (typeof ddl === 'string') db.exec(ddl);
    else ddl(db);
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

const ALL_VERSIONS = STORAGE_SQLITE_SCHEMA.migrations.map(({ version, name }) => ({ version, name }));
const VERSION_NUMBERS = ALL_VERSIONS.map(({ version }) => version);
const LATEST = VERSION_NUMBERS.length;

interface LeadRowBefore {
  email: string;
  name?: string | null;
  company?: string | null;
  message: string | null;
  created_at: number;
}

/** what migration 5 gives a lead received before it */
function leadWorkDefaults(row: LeadRowBefore): Record<string, unknown> {
  return {
    status: 'new',
    tags: '[]',
    tag_keys: '[]',
    note: null,
    search_text: [row.email, row.name, row.company, row.message]
      .filter((part) => part !== null && part !== undefined && part !== '')
      .join('\n')
      .toLowerCase(),
    updated_at: row.created_at,
    status_changed_at: null,
    visitor_key: null,
    follow_up: null,
  };
}

/** the file as the build at `version` left it: its migrations, none later */
function migratedTo(version: number): (db: SqliteDatabase) => void {
  return (db) => {
    const migrations = STORAGE_SQLITE_SCHEMA.migrations.slice(0, version);
    migrateSqlite(db, { ...STORAGE_SQLITE_SCHEMA, migrations });
  };
}

describe('the SQLite store’s schema versions', () => {
  it('a new file gets every migration once, recorded in schema_version; opening it again applies none', async () => {
    const file = join(dir, 'new', 'cardcraft.db');
    await expect(migrateStorage({ kind: 'sqlite', file })).resolves.toEqual(VERSION_NUMBERS);
    expect(versionsOf(file)).toEqual(ALL_VERSIONS);
    const storage = await createStorage({ kind: 'sqlite', file });
    await storage.close();
    await expect(migrateStorage({ kind: 'sqlite', file })).resolves.toEqual([]);
    expect(versionsOf(file)).toEqual(ALL_VERSIONS);
  });

  // what the columns added since hold on rows made before them
  const NO_MAIL_SETTINGS = { time_zone: null, analytics_report: 'off', traffic_alert_multiple: null };
  const NO_ANSWERS = {
    users: NO_MAIL_SETTINGS,
    // a session from before knows nothing of where it came from, and was last seen at its start
    sessions: { user_agent: '', country: '', device_id: '', last_seen_at: null, proved_at: null },
    leads: {
      answers: null,
      exchange_consent_text: null,
      exchange_consented_at: null,
      exchange_card_sent: null,
    },
  };
  const NO_TEAM = { profiles: { team_id: null, template_id: null }, ...NO_ANSWERS };
  it.each([
    ['the last build before lead follow-up', migratedTo(4), BEFORE_TEAMS_ROWS, NO_ANSWERS],
    ['the last build before teams', migratedTo(BEFORE_TEAMS_VERSION), BEFORE_TEAMS_ROWS, NO_TEAM],
    ['the last build before versions', UNVERSIONED_DDL, UNVERSIONED_ROWS, NO_TEAM],
    [
      'the first release',
      FIRST_RELEASE_DDL,
      FIRST_RELEASE_ROWS,
      {
        ...NO_TEAM,
        users: { notify_messages: 1, ...NO_MAIL_SETTINGS },
        leads: { ...NO_TEAM.leads, name: null, phone: null, company: null },
      },
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
        teamId: null,
        templateId: null,
      });
      // and the new tables take the old rows' users and cards
      const team = await storage.teams.create('Engines', emptyBrand(), USER);
      await expect(storage.teams.listForUser(USER)).resolves.toEqual([{ team, role: 'owner' }]);
      await expect(storage.profiles.listByTeam(team.id)).resolves.toEqual([]);
      const { items } = await storage.leads.listByProfile(PROFILE, { offset: 0, limit: 10 });
      expect(items.map((lead) => lead.email)).toEqual(['v2@example.com', 'v1@example.com']);
      // the old leads are new, untagged and without a note, and the filters find them
      expect(items.map(({ status, tags, note }) => ({ status, tags, note }))).toEqual([
        { status: 'new', tags: [], note: null },
        { status: 'new', tags: [], note: null },
      ]);
      const found = await storage.leads.search(
        { profileIds: [PROFILE], status: 'new', text: 'V1@Example' },
        { offset: 0, limit: 10 },
      );
      expect(found.items.map((lead) => lead.email)).toEqual(['v1@example.com']);
      const oldSession = await storage.sessions.findById('ddddddddddddddddddddddd1');
      expect(oldSession).toMatchObject({ userId: USER, userAgent: '', country: '', deviceId: '' });
      expect(oldSession!.lastSeenAt).toEqual(oldSession!.createdAt);
      expect(oldSession!.provedAt).toEqual(oldSession!.createdAt);
      await expect(storage.media.listByOwner(USER)).resolves.toHaveLength(1);
    } finally {
      await storage.close();
    }

    const extra = added as Record<string, Record<string, unknown>>;
    expect(rowsOf(file, tables)).toEqual(
      Object.fromEntries(
        Object.entries(before).map(([table, tableRows]) => [
          table,
          tableRows.map((row) => ({
            ...(row as object),
            ...extra[table],
            ...(table === 'leads' ? leadWorkDefaults({ ...(row as LeadRowBefore), ...extra[table] }) : {}),
          })),
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
      db.prepare("INSERT INTO schema_version VALUES ('storage', ?, 'later-feature', 0)").run(LATEST + 1);
    });
    const shape = shapeOf(file);
    const message = `the SQLite store in ${file} is at schema version ${LATEST + 1}, newer than this build's ${LATEST}; run a build at least as new, or restore a backup made by this one.`;

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
      expect(migrateSqlite(db, STORAGE_SQLITE_SCHEMA)).toEqual(VERSION_NUMBERS);
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
