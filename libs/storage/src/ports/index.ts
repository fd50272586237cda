// what the services need from storage, one port a repository; adapters (mongo, sqlite) implement
// them and pass one contract suite.

export * from './users.port';
export * from './sessions.port';
export * from './second-factors.port';
export * from './passkeys.port';
export * from './profiles.port';
export * from './leads.port';
export * from './card-exchanges.port';
export * from './account-tokens.port';
export * from './media.port';
export * from './account-exports.port';
export * from './storage.port';
export * from './duplicate-key-error';
export * from './teams.port';
export * from './api-keys.port';
export * from './webhooks.port';
export * from './analytics-shares.port';
export * from './analytics-mail-sends.port';
