import mongoose, { type Connection, type Model } from 'mongoose';
import {
  accountExportSchema,
  accountTokenSchema,
  leadSchema,
  profileSchema,
  sessionSchema,
  userSchema,
  type AccountExportDoc,
  type AccountTokenDoc,
  type LeadDoc,
  type ProfileDoc,
  type SessionDoc,
  type UserDoc,
} from './mongo-schemas';

/** the collections' models on one connection; a repository takes the ones it reads or writes */
export interface MongoModels {
  users: Model<UserDoc>;
  profiles: Model<ProfileDoc>;
  leads: Model<LeadDoc>;
  sessions: Model<SessionDoc>;
  accountTokens: Model<AccountTokenDoc>;
  accountExports: Model<AccountExportDoc>;
}

export interface MongoDatabase {
  connection: Connection;
  models: MongoModels;
}

/**
 * connects on a connection of its own (the global mongoose default stays untouched) and creates the
 * indexes before anything is written, so unique keys decide races. closes the connection when any of
 * it fails.
 */
export async function connectMongoDatabase(url: string): Promise<MongoDatabase> {
  const connection = mongoose.createConnection(url, {
    autoIndex: false,
    bufferCommands: false,
    serverSelectionTimeoutMS: 5_000,
  });
  try {
    await connection.asPromise();
    const models: MongoModels = {
      users: connection.model<UserDoc>('User', userSchema),
      profiles: connection.model<ProfileDoc>('Profile', profileSchema),
      leads: connection.model<LeadDoc>('Lead', leadSchema),
      sessions: connection.model<SessionDoc>('Session', sessionSchema),
      accountTokens: connection.model<AccountTokenDoc>('AccountToken', accountTokenSchema),
      accountExports: connection.model<AccountExportDoc>('AccountExport', accountExportSchema),
    };
    await createIndexes(models);
    return { connection, models };
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
}

/** the indexes the schemas declare (mongo-schemas.ts), one collection after the other */
async function createIndexes(models: MongoModels): Promise<void> {
  for (const model of Object.values(models)) await model.createIndexes();
}

/** throws when the server does not answer */
export async function pingMongo(connection: Connection): Promise<void> {
  const db = connection.db;
  if (!db) throw new Error('mongo is not connected');
  await db.command({ ping: 1 });
}
