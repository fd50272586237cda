import type { AccountExportsRepository } from './account-exports.port';
import type { AnalyticsSharesRepository } from './analytics-shares.port';
import type { AnalyticsMailSendsRepository } from './analytics-mail-sends.port';
import type { ApiKeysRepository } from './api-keys.port';
import type { AccountTokensRepository } from './account-tokens.port';
import type { CardExchangesRepository } from './card-exchanges.port';
import type { LeadsRepository } from './leads.port';
import type { MediaRepository } from './media.port';
import type { ProfilesRepository } from './profiles.port';
import type { PasskeysRepository } from './passkeys.port';
import type { SecondFactorsRepository } from './second-factors.port';
import type { SessionsRepository } from './sessions.port';
import type { UsersRepository } from './users.port';
import type { CardTemplatesRepository, TeamInvitationsRepository, TeamsRepository } from './teams.port';
import type { WebhookDeliveriesRepository, WebhookEndpointsRepository } from './webhooks.port';

/**
 * one opened store and its repositories: what createStorage answers. the api opens and closes it in
 * one place and hands each service only the repositories it uses.
 */
export interface Storage {
  readonly kind: 'mongo' | 'sqlite';
  readonly users: UsersRepository;
  readonly profiles: ProfilesRepository;
  readonly leads: LeadsRepository;
  /** the cards e-mailed to visitors today, by hashed address: the exchange's daily limits */
  readonly cardExchanges: CardExchangesRepository;
  readonly sessions: SessionsRepository;
  /** the accounts' authenticator apps and recovery codes (deleted with their user) */
  readonly secondFactors: SecondFactorsRepository;
  /** the accounts' passkeys, and the WebAuthn challenges already answered (deleted with their user) */
  readonly passkeys: PasskeysRepository;
  /** images: GridFS in MongoDB, files under DATA_DIR/media beside the SQLite file */
  readonly media: MediaRepository;
  /** the e-mailed links: password resets and e-mail changes (deleted with their user) */
  readonly accountTokens: AccountTokensRepository;
  /** the owners' data exports: their zips beside the images (DATA_DIR/exports, or GridFS) */
  readonly exports: AccountExportsRepository;
  /** teams and their members (a user's memberships go with the user) */
  readonly teams: TeamsRepository;
  /** pending team invitations: single-use, expiring links, stored hashed */
  readonly teamInvitations: TeamInvitationsRepository;
  /** the teams' card templates */
  readonly cardTemplates: CardTemplatesRepository;
  /** API keys, stored hashed (a user's go with the user, a team's with the team) */
  readonly apiKeys: ApiKeysRepository;
  /** a person's and a team's webhook endpoints */
  readonly webhookEndpoints: WebhookEndpointsRepository;
  /** the webhooks' outbound queue and log, a row per delivery (deleted with its endpoint) */
  readonly webhookDeliveries: WebhookDeliveriesRepository;
  /** read-only links to a card's analytics (deleted with the card, or with the account that made them) */
  readonly analyticsShares: AnalyticsSharesRepository;
  /** the analytics reports and traffic alerts e-mailed, by owner and period (deleted with their user) */
  readonly analyticsMailSends: AnalyticsMailSendsRepository;
  /** throws when the store does not answer */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type StorageOptions = { kind: 'mongo'; mongoUrl: string } | { kind: 'sqlite'; file: string };
