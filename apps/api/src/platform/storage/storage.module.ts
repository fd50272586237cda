import { Inject, Injectable, Module, OnApplicationShutdown, type Provider } from '@nestjs/common';
import { createStorage, type Storage } from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { HealthRegistry } from '../common/health-registry';
import { HealthRegistryModule } from '../common/health-registry.module';
import {
  ACCOUNT_EXPORTS,
  ACCOUNT_TOKENS,
  ANALYTICS_SHARES,
  ANALYTICS_MAIL_SENDS,
  CARD_EXCHANGES,
  API_KEYS,
  CARD_TEMPLATES,
  LEADS,
  MEDIA,
  PROFILES,
  PASSKEYS,
  SECOND_FACTORS,
  SESSIONS,
  TEAM_INVITATIONS,
  TEAMS,
  USERS,
  WEBHOOK_DELIVERIES,
  WEBHOOK_ENDPOINTS,
} from './storage.tokens';
import { storageOptionsOf } from './store-schemas';

/**
 * the opened store itself (@cardcraft/storage's Storage), known to this module only: it is split into
 * the repository tokens, checked by the health registry and closed at shutdown here, and no service
 * can reach past the repositories it asked for
 */
const STORAGE = Symbol('STORAGE');

@Injectable()
class StorageLifecycle implements OnApplicationShutdown {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}

/** each repository token, provided from the one opened store */
const REPOSITORIES: ReadonlyArray<readonly [symbol, (storage: Storage) => unknown]> = [
  [USERS, (storage) => storage.users],
  [SESSIONS, (storage) => storage.sessions],
  [SECOND_FACTORS, (storage) => storage.secondFactors],
  [PASSKEYS, (storage) => storage.passkeys],
  [PROFILES, (storage) => storage.profiles],
  [LEADS, (storage) => storage.leads],
  [CARD_EXCHANGES, (storage) => storage.cardExchanges],
  [ACCOUNT_TOKENS, (storage) => storage.accountTokens],
  [MEDIA, (storage) => storage.media],
  [ACCOUNT_EXPORTS, (storage) => storage.exports],
  [TEAMS, (storage) => storage.teams],
  [TEAM_INVITATIONS, (storage) => storage.teamInvitations],
  [CARD_TEMPLATES, (storage) => storage.cardTemplates],
  [API_KEYS, (storage) => storage.apiKeys],
  [WEBHOOK_ENDPOINTS, (storage) => storage.webhookEndpoints],
  [WEBHOOK_DELIVERIES, (storage) => storage.webhookDeliveries],
  [ANALYTICS_SHARES, (storage) => storage.analyticsShares],
  [ANALYTICS_MAIL_SENDS, (storage) => storage.analyticsMailSends],
];

const repositoryProviders: Provider[] = REPOSITORIES.map(([token, repository]) => ({
  provide: token,
  inject: [STORAGE],
  useFactory: repository,
}));

/**
 * the configured store (MongoDB or the embedded SQLite file), opened once here and closed at shutdown;
 * the modules that import it inject the repositories they use (storage.tokens.ts)
 */
@Module({
  imports: [HealthRegistryModule],
  providers: [
    {
      provide: STORAGE,
      inject: [APP_CONFIG, HealthRegistry],
      useFactory: async (config: AppConfig, health: HealthRegistry): Promise<Storage> => {
        const storage = await createStorage(storageOptionsOf(config));
        health.register(storage.kind === 'mongo' ? 'mongodb' : 'sqlite', () => storage.ping());
        return storage;
      },
    },
    ...repositoryProviders,
    StorageLifecycle,
  ],
  exports: REPOSITORIES.map(([token]) => token),
})
export class StorageModule {}
