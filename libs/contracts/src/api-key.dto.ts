// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import {
  ArrayMinSize,
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import { Trim } from './transforms';

/** what a key may do: each opens a set of routes (docs/api.md lists them) */
export const API_KEY_SCOPES = ['leads:read', 'analytics:read', 'cards:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** one line each, shown beside the scope's checkbox */
export const API_KEY_SCOPE_TEXTS: Readonly<Record<ApiKeyScope, string>> = {
  'leads:read': 'Read the messages left on cards, export them as CSV and as contacts',
  'analytics:read': 'Read the cards’ analytics: summaries, visits, live visitors and their CSV files',
  'cards:manage': 'List, create, change, publish, duplicate and delete cards',
};

/** a key's life: a number of days, or none (it works until it is revoked) */
export const API_KEY_EXPIRY_DAYS = [30, 90, 365] as const;
export type ApiKeyExpiryDays = (typeof API_KEY_EXPIRY_DAYS)[number];

/** every key starts with it, so a leaked one is recognised (by people and by secret scanners) */
export const API_KEY_PREFIX = 'cck_';

export const ApiKeyLimits = {
  nameMin: 2,
  nameMax: 60,
  /** live keys (not revoked) of one account, or of one team */
  perOwner: 25,
} as const;

export const ApiKeyMessages = {
  name: `Key name must be ${ApiKeyLimits.nameMin}-${ApiKeyLimits.nameMax} characters`,
  scopes: 'Choose at least one scope: leads:read, analytics:read or cards:manage',
  expiry: 'Choose when the key expires: in 30, 90 or 365 days, or never',
  notFound: 'API key not found',
  tooMany: `You can have at most ${ApiKeyLimits.perOwner} API keys: revoke one to create another`,
  teamTooMany: `A team can have at most ${ApiKeyLimits.perOwner} API keys: revoke one to create another`,
  /** a key on a route no key may call (key management, account, teams' people...) */
  notHere: 'This API key cannot be used here',
  /** a key on a route that needs a scope it lacks */
  missingScope: (scope: ApiKeyScope) => `This API key needs the ${scope} scope`,
  /** a team's key on a route that does not belong to one team */
  teamKeyNotHere: 'A team API key can only reach its own team’s cards, leads and analytics',
} as const;

export class CreateApiKeyDto {
  @Trim()
  @IsString({ message: ApiKeyMessages.name })
  @MinLength(ApiKeyLimits.nameMin, { message: ApiKeyMessages.name })
  @MaxLength(ApiKeyLimits.nameMax, { message: ApiKeyMessages.name })
  name!: string;

  @IsArray({ message: ApiKeyMessages.scopes })
  @ArrayMinSize(1, { message: ApiKeyMessages.scopes })
  @ArrayMaxSize(API_KEY_SCOPES.length, { message: ApiKeyMessages.scopes })
  @IsIn(API_KEY_SCOPES, { each: true, message: ApiKeyMessages.scopes })
  scopes!: ApiKeyScope[];

  /** days until it stops working; null or left out: never */
  @IsOptional()
  @IsIn(API_KEY_EXPIRY_DAYS, { message: ApiKeyMessages.expiry })
  expiresInDays: ApiKeyExpiryDays | null = null;
}

export class RenameApiKeyDto {
  @Trim()
  @IsString({ message: ApiKeyMessages.name })
  @MinLength(ApiKeyLimits.nameMin, { message: ApiKeyMessages.name })
  @MaxLength(ApiKeyLimits.nameMax, { message: ApiKeyMessages.name })
  name!: string;
}

/** a key as it is listed: never its secret, never its hash; `prefix` tells keys apart */
export interface ApiKeyResponse {
  id: string;
  name: string;
  /** the key's first characters, `cck_` and 8 more */
  prefix: string;
  scopes: ApiKeyScope[];
  /** null: a personal key */
  teamId: string | null;
  createdAtUtc: string;
  createdBy: { userId: string; displayName: string | null };
  lastUsedAtUtc: string | null;
  expiresAtUtc: string | null;
}

/** the create answer: the only time the whole key is shown */
export interface CreatedApiKeyResponse extends ApiKeyResponse {
  key: string;
}
