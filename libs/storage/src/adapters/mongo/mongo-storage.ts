import type { Connection } from 'mongoose';
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
import { MongoAccountExportRepository } from './mongo-account-export.repository';
import { MongoAccountTokenRepository } from './mongo-account-token.repository';
import { MongoAnalyticsShareRepository } from './mongo-analytics-share.repository';
import { MongoAnalyticsMailSendRepository } from './mongo-analytics-mail-send.repository';
import { MongoCardExchangeRepository } from './mongo-card-exchange.repository';
import { MongoApiKeyRepository } from './mongo-api-key.repository';
import { MongoCardTemplateRepository } from './mongo-card-template.repository';
import { connectMongoDatabase, pingMongo, type MongoModels } from './mongo-database';
import { MongoLeadRepository } from './mongo-lead.repository';
import { MongoMediaRepository } from './mongo-media.repository';
import { MongoProfileRepository } from './mongo-profile.repository';
import { MongoSessionRepository } from './mongo-session.repository';
import { MongoSecondFactorRepository } from './mongo-second-factor.repository';
import { MongoPasskeyRepository } from './mongo-passkey.repository';
import { MongoTeamInvitationRepository } from './mongo-team-invitation.repository';
import { MongoTeamRepository } from './mongo-team.repository';
import { MongoUserRepository } from './mongo-user.repository';
import { MongoWebhookDeliveryRepository } from './mongo-webhook-delivery.repository';
import { MongoWebhookEndpointRepository } from './mongo-webhook-endpoint.repository';

/** the cluster's store: one connection, the repositories on it */
export class MongoStorage implements Storage {
  readonly kind = 'mongo' as const;
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
    private readonly connection: Connection,
    models: MongoModels,
  ) {
    this.users = new MongoUserRepository(models);
    this.profiles = new MongoProfileRepository(models);
    this.leads = new MongoLeadRepository(models);
    this.cardExchanges = new MongoCardExchangeRepository(models);
    this.sessions = new MongoSessionRepository(models);
    this.secondFactors = new MongoSecondFactorRepository(models);
    this.passkeys = new MongoPasskeyRepository(models);
    this.media = new MongoMediaRepository(connection);
    this.accountTokens = new MongoAccountTokenRepository(models);
    this.exports = new MongoAccountExportRepository(connection, models);
    this.teams = new MongoTeamRepository(models);
    this.teamInvitations = new MongoTeamInvitationRepository(models);
    this.cardTemplates = new MongoCardTemplateRepository(models);
    this.apiKeys = new MongoApiKeyRepository(models);
    this.webhookEndpoints = new MongoWebhookEndpointRepository(models);
    this.webhookDeliveries = new MongoWebhookDeliveryRepository(models);
    this.analyticsShares = new MongoAnalyticsShareRepository(models);
    this.analyticsMailSends = new MongoAnalyticsMailSendRepository(models);
  }

  static async connect(url: string): Promise<MongoStorage> {
    const { connection, models } = await connectMongoDatabase(url);
    return new MongoStorage(connection, models);
  }

  async ping(): Promise<void> {
    await pingMongo(this.connection);
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

export async function createMongoStorage(url: string): Promise<Storage> {
  return MongoStorage.connect(url);
}
