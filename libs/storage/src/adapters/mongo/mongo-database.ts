import mongoose, { type Connection, type Model, type mongo } from 'mongoose';
import { analyticsShareSchema, type AnalyticsShareDoc } from './mongo-analytics-share-schemas';
import { analyticsMailSendSchema, type AnalyticsMailSendDoc } from './mongo-analytics-mail-schemas';
import {
  passkeySchema,
  webauthnChallengeSchema,
  type PasskeyDoc,
  type WebauthnChallengeDoc,
} from './mongo-passkey-schemas';
import {
  recoveryCodeSchema,
  secondFactorSchema,
  timeStepSchema,
  type RecoveryCodeDoc,
  type SecondFactorDoc,
  type TimeStepDoc,
} from './mongo-second-factor-schemas';
import { checkMongoSchema, migrateMongo } from './mongo-migrations';
import {
  accountExportSchema,
  accountTokenSchema,
  cardExchangeSendSchema,
  apiKeySchema,
  cardTemplateSchema,
  leadSchema,
  profileSchema,
  sessionSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamSchema,
  userSchema,
  type AccountExportDoc,
  type AccountTokenDoc,
  type CardExchangeSendDoc,
  type ApiKeyDoc,
  type CardTemplateDoc,
  type LeadDoc,
  type ProfileDoc,
  type SessionDoc,
  type TeamDoc,
  type TeamInvitationDoc,
  type TeamMemberDoc,
  type UserDoc,
} from './mongo-schemas';
import {
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookLeaseSchema,
  type WebhookDeliveryDoc,
  type WebhookEndpointDoc,
  type WebhookLeaseDoc,
} from './mongo-webhook-schemas';

/** the collections' models on one connection; a repository takes the ones it reads or writes */
export interface MongoModels {
  users: Model<UserDoc>;
  profiles: Model<ProfileDoc>;
  leads: Model<LeadDoc>;
  cardExchangeSends: Model<CardExchangeSendDoc>;
  sessions: Model<SessionDoc>;
  accountTokens: Model<AccountTokenDoc>;
  accountExports: Model<AccountExportDoc>;
  teams: Model<TeamDoc>;
  teamMembers: Model<TeamMemberDoc>;
  teamInvitations: Model<TeamInvitationDoc>;
  cardTemplates: Model<CardTemplateDoc>;
  apiKeys: Model<ApiKeyDoc>;
  webhookEndpoints: Model<WebhookEndpointDoc>;
  webhookDeliveries: Model<WebhookDeliveryDoc>;
  webhookLeases: Model<WebhookLeaseDoc>;
  analyticsShares: Model<AnalyticsShareDoc>;
  analyticsMailSends: Model<AnalyticsMailSendDoc>;
  secondFactors: Model<SecondFactorDoc>;
  recoveryCodes: Model<RecoveryCodeDoc>;
  timeSteps: Model<TimeStepDoc>;
  passkeys: Model<PasskeyDoc>;
  webauthnChallenges: Model<WebauthnChallengeDoc>;
}

export interface MongoDatabase {
  connection: Connection;
  models: MongoModels;
}

/** a connection of its own (the global mongoose default stays untouched), open */
async function connect(url: string): Promise<{ connection: Connection; db: mongo.Db }> {
  const connection = mongoose.createConnection(url, {
    // the migrations alone create collections and indexes (mongo-migrations.ts)
    autoCreate: false,
    autoIndex: false,
    bufferCommands: false,
    serverSelectionTimeoutMS: 5_000,
  });
  try {
    await connection.asPromise();
    const db = connection.db;
    if (!db) throw new Error('mongo is not connected');
    return { connection, db };
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
}

/**
 * connects and checks the database is at the build's schema version (SchemaVersionError otherwise:
 * `npm run migrate` has not run, or a newer build migrated it), before anything is read or written.
 * closes the connection when any of it fails.
 */
export async function connectMongoDatabase(url: string): Promise<MongoDatabase> {
  const { connection, db } = await connect(url);
  try {
    await checkMongoSchema(db);
    const models: MongoModels = {
      users: connection.model<UserDoc>('User', userSchema),
      profiles: connection.model<ProfileDoc>('Profile', profileSchema),
      leads: connection.model<LeadDoc>('Lead', leadSchema),
      cardExchangeSends: connection.model<CardExchangeSendDoc>('CardExchangeSend', cardExchangeSendSchema),
      sessions: connection.model<SessionDoc>('Session', sessionSchema),
      accountTokens: connection.model<AccountTokenDoc>('AccountToken', accountTokenSchema),
      accountExports: connection.model<AccountExportDoc>('AccountExport', accountExportSchema),
      teams: connection.model<TeamDoc>('Team', teamSchema),
      teamMembers: connection.model<TeamMemberDoc>('TeamMember', teamMemberSchema),
      teamInvitations: connection.model<TeamInvitationDoc>('TeamInvitation', teamInvitationSchema),
      cardTemplates: connection.model<CardTemplateDoc>('CardTemplate', cardTemplateSchema),
      apiKeys: connection.model<ApiKeyDoc>('ApiKey', apiKeySchema),
      webhookEndpoints: connection.model<WebhookEndpointDoc>('WebhookEndpoint', webhookEndpointSchema),
      webhookDeliveries: connection.model<WebhookDeliveryDoc>('WebhookDelivery', webhookDeliverySchema),
      webhookLeases: connection.model<WebhookLeaseDoc>('WebhookLease', webhookLeaseSchema),
      analyticsShares: connection.model<AnalyticsShareDoc>('AnalyticsShare', analyticsShareSchema),
      analyticsMailSends: connection.model<AnalyticsMailSendDoc>(
        'AnalyticsMailSend',
        analyticsMailSendSchema,
      ),
      secondFactors: connection.model<SecondFactorDoc>('SecondFactor', secondFactorSchema),
      recoveryCodes: connection.model<RecoveryCodeDoc>('RecoveryCode', recoveryCodeSchema),
      timeSteps: connection.model<TimeStepDoc>('SecondFactorStep', timeStepSchema),
      passkeys: connection.model<PasskeyDoc>('Passkey', passkeySchema),
      webauthnChallenges: connection.model<WebauthnChallengeDoc>(
        'WebauthnChallenge',
        webauthnChallengeSchema,
      ),
    };
    return { connection, models };
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
}

/** applies the database's pending migrations, then closes; returns the versions applied */
export async function migrateMongoDatabase(url: string): Promise<number[]> {
  const { connection, db } = await connect(url);
  try {
    return await migrateMongo(db);
  } finally {
    await connection.close();
  }
}

/** throws when the server does not answer */
export async function pingMongo(connection: Connection): Promise<void> {
  const db = connection.db;
  if (!db) throw new Error('mongo is not connected');
  await db.command({ ping: 1 });
}
