import { dirname, join } from 'node:path';
import type {
  AccountExportsRepository,
  AccountTokensRepository,
  AnalyticsSharesRepository,
  AnalyticsMailSendsRepository,
  CardExchangesRepository,
  ApiKeysRepository,
  CardTemplatesRepository,
  LeadsRepository,
  MediaRepository,
  ProfilesRepository,
  PasskeysRepository,
  SecondFactorsRepository,
  SessionsRepository,
  Storage,
  TeamInvitationsRepository,
  TeamsRepository,
  UsersRepository,
  WebhookDeliveriesRepository,
  WebhookEndpointsRepository,
} from '../../ports';
import { SqliteAccountExportRepository } from './sqlite-account-export.repository';
import { SqliteAccountTokenRepository } from './sqlite-account-token.repository';
import { SqliteAnalyticsShareRepository } from './sqlite-analytics-share.repository';
import { SqliteAnalyticsMailSendRepository } from './sqlite-analytics-mail-send.repository';
import { SqliteCardExchangeRepository } from './sqlite-card-exchange.repository';
import { SqliteApiKeyRepository } from './sqlite-api-key.repository';
import { SqliteCardTemplateRepository } from './sqlite-card-template.repository';
import { openSqliteDatabase, type SqliteDatabase } from './sqlite-database';
import { SqliteLeadRepository } from './sqlite-lead.repository';
import { SqliteMediaRepository } from './sqlite-media.repository';
import { SqliteProfileRepository } from './sqlite-profile.repository';
import { applySqliteSchema } from './sqlite-schema';
import { SqliteSessionRepository } from './sqlite-session.repository';
import { SqliteSecondFactorRepository } from './sqlite-second-factor.repository';
import { SqlitePasskeyRepository } from './sqlite-passkey.repository';
import { SqliteTeamInvitationRepository } from './sqlite-team-invitation.repository';
import { SqliteTeamRepository } from './sqlite-team.repository';
import { SqliteUserRepository } from './sqlite-user.repository';
import { SqliteWebhookDeliveryRepository } from './sqlite-webhook-delivery.repository';
import { SqliteWebhookEndpointRepository } from './sqlite-webhook-endpoint.repository';

/** the embedded product's store: one sqlite file, the repositories on it */
export class SqliteStorage implements Storage {
  readonly kind = 'sqlite' as const;
  readonly users: UsersRepository;
  readonly profiles: ProfilesRepository;
  readonly leads: LeadsRepository;
  readonly cardExchanges: CardExchangesRepository;
  readonly sessions: SessionsRepository;
  readonly secondFactors: SecondFactorsRepository;
  readonly passkeys: PasskeysRepository;
  readonly media: MediaRepository;
  readonly accountTokens: AccountTokensRepository;
  readonly exports: AccountExportsRepository;
  readonly teams: TeamsRepository;
  readonly teamInvitations: TeamInvitationsRepository;
  readonly cardTemplates: CardTemplatesRepository;
  readonly apiKeys: ApiKeysRepository;
  readonly webhookEndpoints: WebhookEndpointsRepository;
  readonly webhookDeliveries: WebhookDeliveriesRepository;
  readonly analyticsShares: AnalyticsSharesRepository;
  readonly analyticsMailSends: AnalyticsMailSendsRepository;

  private constructor(
    private readonly db: SqliteDatabase,
    dataDir: string,
  ) {
    this.users = new SqliteUserRepository(db);
    this.profiles = new SqliteProfileRepository(db);
    this.leads = new SqliteLeadRepository(db);
    this.cardExchanges = new SqliteCardExchangeRepository(db);
    this.sessions = new SqliteSessionRepository(db);
    this.secondFactors = new SqliteSecondFactorRepository(db);
    this.passkeys = new SqlitePasskeyRepository(db);
    this.media = new SqliteMediaRepository(db, join(dataDir, 'media'));
    this.accountTokens = new SqliteAccountTokenRepository(db);
    this.exports = new SqliteAccountExportRepository(db, join(dataDir, 'exports'));
    this.teams = new SqliteTeamRepository(db);
    this.teamInvitations = new SqliteTeamInvitationRepository(db);
    this.cardTemplates = new SqliteCardTemplateRepository(db);
    this.apiKeys = new SqliteApiKeyRepository(db);
    this.webhookEndpoints = new SqliteWebhookEndpointRepository(db);
    this.webhookDeliveries = new SqliteWebhookDeliveryRepository(db);
    this.analyticsShares = new SqliteAnalyticsShareRepository(db);
    this.analyticsMailSends = new SqliteAnalyticsMailSendRepository(db);
  }

  static open(file: string): SqliteStorage {
    const db = openSqliteDatabase(file);
    try {
      // the tables first: each repository prepares its statements when it is made
      applySqliteSchema(db);
      // images and export zips sit beside the database file: DATA_DIR/media, DATA_DIR/exports
      return new SqliteStorage(db, dirname(file));
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

export async function createSqliteStorage(file: string): Promise<Storage> {
  return SqliteStorage.open(file);
}

/** applies the file's pending storage migrations (creating it when new), then closes it */
export function migrateSqliteStorage(file: string): number[] {
  const db = openSqliteDatabase(file);
  try {
    return applySqliteSchema(db);
  } finally {
    db.close();
  }
}
