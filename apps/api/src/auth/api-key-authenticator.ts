import { Inject, Injectable } from '@nestjs/common';
import type { ApiKeyScope } from '@cardcraft/contracts';
import type { ApiKeyRecord, ApiKeysRepository, TeamsRepository } from '@cardcraft/storage';
import { API_KEYS, TEAMS } from '../platform/storage/storage.tokens';
import { hashApiKey } from './api-key-secret';
import type { AuthenticatedSession } from './sessions.service';

/** what the guard puts on a request made with an API key */
export interface ApiKeyPrincipal {
  via: 'api-key';
  keyId: string;
  scopes: readonly ApiKeyScope[];
  /** a team key's team; null for a personal key */
  teamId: string | null;
  /** whom the key acts as: its user, or for a team key the team's first owner (the role checks pass) */
  userId: string;
}

/** who an api request is: a session (cookie or bearer token) or an API key */
export type RequestPrincipal = AuthenticatedSession | ApiKeyPrincipal;

// the last use is written at most this often per key: not a write on every request a tool makes
export const LAST_USE_INTERVAL_MS = 60_000;

/**
 * a bearer key to the principal it stands for, or null: unknown, revoked or expired (each answered
 * like an ended session), or a team key whose team is gone
 */
@Injectable()
export class ApiKeyAuthenticator {
  constructor(
    @Inject(API_KEYS) private readonly keys: ApiKeysRepository,
    @Inject(TEAMS) private readonly teams: TeamsRepository,
  ) {}

  async authenticate(key: string): Promise<ApiKeyPrincipal | null> {
    const record = await this.keys.findByHash(hashApiKey(key));
    const now = new Date();
    if (!record || !isLive(record, now)) return null;
    const userId = await this.actingUser(record);
    if (!userId) return null;
    await this.recordUse(record, now);
    return { via: 'api-key', keyId: record.id, scopes: record.scopes, teamId: record.teamId, userId };
  }

  private async actingUser(record: ApiKeyRecord): Promise<string | null> {
    if (record.userId) return record.userId;
    if (!record.teamId) return null;
    return (await this.teams.firstOwner(record.teamId))?.userId ?? null;
  }

  /** once a minute at most: the stored time is checked here, and again by the store's conditional write */
  private async recordUse(record: ApiKeyRecord, now: Date): Promise<void> {
    const since = new Date(now.getTime() - LAST_USE_INTERVAL_MS);
    if (record.lastUsedAt && record.lastUsedAt > since) return;
    await this.keys.touch(record.id, now, since);
  }
}

export function isLive(record: ApiKeyRecord, now: Date): boolean {
  return record.revokedAt === null && (record.expiresAt === null || record.expiresAt > now);
}
