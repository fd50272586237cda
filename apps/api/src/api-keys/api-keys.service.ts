import { Inject, Injectable } from '@nestjs/common';
import {
  ApiKeyLimits,
  ApiKeyMessages,
  type ApiKeyResponse,
  type CreateApiKeyDto,
  type CreatedApiKeyResponse,
} from '@cardcraft/contracts';
import type { ApiKeyOwner, ApiKeyRecord, ApiKeysRepository, UsersRepository } from '@cardcraft/storage';
import { newApiKey } from '../auth/api-key-secret';
import { ConflictError, NotFoundError } from '../platform/common/errors';
import { API_KEYS, USERS } from '../platform/storage/storage.tokens';

const DAY_MS = 86_400_000;

/**
 * an account's or a team's API keys: made (the whole key answered once, only its hash stored),
 * listed, renamed and revoked. who may manage a team's keys is the controller's question (TeamRoles).
 */
@Injectable()
export class ApiKeysService {
  constructor(
    @Inject(API_KEYS) private readonly keys: ApiKeysRepository,
    @Inject(USERS) private readonly users: UsersRepository,
  ) {}

  async list(owner: ApiKeyOwner): Promise<ApiKeyResponse[]> {
    return this.answer(await this.keys.list(owner));
  }

  async create(
    owner: ApiKeyOwner,
    createdBy: string,
    input: CreateApiKeyDto,
  ): Promise<CreatedApiKeyResponse> {
    const now = new Date();
    if ((await this.keys.countLive(owner, now)) >= ApiKeyLimits.perOwner) {
      throw new ConflictError(owner.teamId ? ApiKeyMessages.teamTooMany : ApiKeyMessages.tooMany);
    }
    const { key, keyHash, prefix } = newApiKey();
    const record = await this.keys.create({
      owner,
      name: input.name,
      // each scope once, in the order the product lists them
      scopes: [...new Set(input.scopes)],
      keyHash,
      prefix,
      createdBy,
      expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
    });
    // the owner went meanwhile (an account or a team deleted while the key was made)
    if (!record) throw new NotFoundError(ApiKeyMessages.notFound);
    const [answer] = await this.answer([record]);
    return { ...answer, key };
  }

  async rename(owner: ApiKeyOwner, id: string, name: string): Promise<ApiKeyResponse> {
    const record = await this.keys.rename(owner, id, name);
    if (!record) throw new NotFoundError(ApiKeyMessages.notFound);
    return (await this.answer([record]))[0];
  }

  async revoke(owner: ApiKeyOwner, id: string): Promise<void> {
    if (!(await this.keys.revoke(owner, id, new Date()))) throw new NotFoundError(ApiKeyMessages.notFound);
  }

  /** the keys as listed: the display prefix, never the hash; the maker's name when they still exist */
  private async answer(records: ApiKeyRecord[]): Promise<ApiKeyResponse[]> {
    const makers = new Map<string, string | null>();
    for (const userId of new Set(records.map((record) => record.createdBy))) {
      makers.set(userId, (await this.users.findById(userId))?.displayName ?? null);
    }
    return records.map((record) => ({
      id: record.id,
      name: record.name,
      prefix: record.prefix,
      scopes: record.scopes,
      teamId: record.teamId,
      createdAtUtc: record.createdAt.toISOString(),
      createdBy: { userId: record.createdBy, displayName: makers.get(record.createdBy) ?? null },
      lastUsedAtUtc: record.lastUsedAt?.toISOString() ?? null,
      expiresAtUtc: record.expiresAt?.toISOString() ?? null,
    }));
  }
}
