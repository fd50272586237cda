// the injection tokens of the configured store's repositories, one a repository: a service injects
// only those it uses. StorageModule opens the store once and provides each from it.

/** @cardcraft/storage's UsersRepository */
export const USERS = Symbol('USERS');
/** @cardcraft/storage's SessionsRepository */
export const SESSIONS = Symbol('SESSIONS');
/** @cardcraft/storage's SecondFactorsRepository: the accounts' authenticator apps and recovery codes */
export const SECOND_FACTORS = Symbol('SECOND_FACTORS');
/** @cardcraft/storage's PasskeysRepository: the accounts' passkeys and the challenges answered */
export const PASSKEYS = Symbol('PASSKEYS');
/** @cardcraft/storage's ProfilesRepository */
export const PROFILES = Symbol('PROFILES');
/** @cardcraft/storage's LeadsRepository */
export const LEADS = Symbol('LEADS');
/** @cardcraft/storage's CardExchangesRepository: the day's cards e-mailed to visitors, addresses hashed */
export const CARD_EXCHANGES = Symbol('CARD_EXCHANGES');
/** @cardcraft/storage's AccountTokensRepository: the e-mailed links of an account */
export const ACCOUNT_TOKENS = Symbol('ACCOUNT_TOKENS');
/** @cardcraft/storage's MediaRepository: the stored images */
export const MEDIA = Symbol('MEDIA');
/** @cardcraft/storage's AccountExportsRepository: the owners' data exports and their zips */
export const ACCOUNT_EXPORTS = Symbol('ACCOUNT_EXPORTS');
/** @cardcraft/storage's TeamsRepository: teams and their members */
export const TEAMS = Symbol('TEAMS');
/** @cardcraft/storage's TeamInvitationsRepository */
export const TEAM_INVITATIONS = Symbol('TEAM_INVITATIONS');
/** @cardcraft/storage's CardTemplatesRepository */
export const CARD_TEMPLATES = Symbol('CARD_TEMPLATES');
/** @cardcraft/storage's ApiKeysRepository: the API keys, stored hashed */
export const API_KEYS = Symbol('API_KEYS');
/** @cardcraft/storage's WebhookEndpointsRepository */
export const WEBHOOK_ENDPOINTS = Symbol('WEBHOOK_ENDPOINTS');
/** @cardcraft/storage's WebhookDeliveriesRepository: the outbound queue and its log */
export const WEBHOOK_DELIVERIES = Symbol('WEBHOOK_DELIVERIES');
/** @cardcraft/storage's AnalyticsSharesRepository: read-only links to a card's analytics */
export const ANALYTICS_SHARES = Symbol('ANALYTICS_SHARES');
/** @cardcraft/storage's AnalyticsMailSendsRepository: the reports and alerts already e-mailed */
export const ANALYTICS_MAIL_SENDS = Symbol('ANALYTICS_MAIL_SENDS');
