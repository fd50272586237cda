import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import {
  AnalyticsShareMessages,
  isTimeZone,
  type AnalyticsQueryDto,
  type AnalyticsShareResponse,
  type CreateAnalyticsShareDto,
  type SharedDashboardResponse,
  type VisitSummaryResponse,
} from '@cardcraft/contracts';
import type {
  AnalyticsShareRecord,
  AnalyticsSharesRepository,
  ProfileRecord,
  ProfilesRepository,
  UserRecord,
  UsersRepository,
} from '@cardcraft/storage';
import { AnalyticsService } from '../analytics/analytics.service';
import { PasswordHasher } from '../auth/password-hasher';
import { BadInputError, NotFoundError, UnauthorizedError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { DomainEvents } from '../platform/events/domain-events';
import { ANALYTICS_SHARES, PROFILES, USERS } from '../platform/storage/storage.tokens';
import { PROFILE_NOT_FOUND } from '../profiles/card-access';

/** the most links one card may have at once */
export const ANALYTICS_SHARES_PER_CARD = 20;
export const TOO_MANY_SHARES = `A card can have at most ${ANALYTICS_SHARES_PER_CARD} shared links: revoke one first`;

/** 32 random bytes, base64url: anything else is no link of ours, answered without a look-up */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** a link's last view is written at most this often, however busy its dashboard */
const VIEW_WRITE_INTERVAL_MS = 60_000;

function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** the owner's time zone when the account has one set: the shared page's default */
function timeZoneOf(user: UserRecord | null): string | null {
  // a zone this runtime does not know (stored by a newer one) is none here
  return user?.timeZone && isTimeZone(user.timeZone) ? user.timeZone : null;
}

/** a link opened by its token, and its card */
export interface OpenedShare {
  share: AnalyticsShareRecord;
  profile: ProfileRecord;
}

/**
 * read-only links to a card's analytics: the owner makes, lists and revokes them; whoever holds one
 * reads the card's aggregate figures through the owner's own summary (never a visitor's row), after
 * the link's password when it has one. whether a browser gave that password is the controller's
 * question (a signed cookie), answered here as `unlocked`.
 */
@Injectable()
export class AnalyticsSharesService implements OnModuleInit {
  private readonly baseUrl: string;

  constructor(
    @Inject(ANALYTICS_SHARES) private readonly shares: AnalyticsSharesRepository,
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly passwords: PasswordHasher,
    private readonly analytics: AnalyticsService,
    private readonly events: DomainEvents,
  ) {
    this.baseUrl = config.publicBaseUrl.replace(/\/+$/, '');
  }

  onModuleInit(): void {
    // a card's links go with the card, and an account's with the account
    this.events.on('profile.deleted', async ({ profileId }) => {
      await this.shares.deleteByProfile(profileId);
    });
    this.events.on('account.deleted', async ({ userId }) => {
      await this.shares.deleteByOwner(userId);
    });
  }

  async list(profileId: string, userId: string): Promise<AnalyticsShareResponse[]> {
    const profile = await this.ownCard(profileId, userId);
    return (await this.shares.listByProfile(profile.id)).map((share) => this.answer(share));
  }

  async create(
    profileId: string,
    userId: string,
    input: CreateAnalyticsShareDto,
  ): Promise<AnalyticsShareResponse> {
    const profile = await this.ownCard(profileId, userId);
    if ((await this.shares.countByProfile(profile.id)) >= ANALYTICS_SHARES_PER_CARD) {
      throw new BadInputError(TOO_MANY_SHARES);
    }
    const token = randomBytes(32).toString('base64url');
    const share = await this.shares.create({
      profileId: profile.id,
      ownerId: userId,
      label: input.label ?? null,
      token,
      tokenHash: tokenHashOf(token),
      passwordHash: input.password ? await this.passwords.hash(input.password) : null,
    });
    // the card was deleted meanwhile
    if (!share) throw new NotFoundError(PROFILE_NOT_FOUND);
    // creations at the same moment may all have passed the count above: one that finds the card past
    // the limit once it is stored takes its own link back, so the limit holds in every mode (at worst
    // two racing for the last place are both refused)
    if ((await this.shares.countByProfile(profile.id)) > ANALYTICS_SHARES_PER_CARD) {
      await this.shares.delete(profile.id, share.id);
      throw new BadInputError(TOO_MANY_SHARES);
    }
    return this.answer(share);
  }

  /** the link stops working at once: its next request answers 404 */
  async revoke(profileId: string, userId: string, shareId: string): Promise<void> {
    const profile = await this.ownCard(profileId, userId);
    if (!(await this.shares.delete(profile.id, shareId)))
      throw new NotFoundError(AnalyticsShareMessages.notFound);
  }

  /** the link of this token and its card; 404 for an unknown or revoked one */
  async open(token: string): Promise<OpenedShare> {
    const share = TOKEN_SHAPE.test(token) ? await this.shares.findByTokenHash(tokenHashOf(token)) : null;
    const profile = share ? await this.profiles.findById(share.profileId) : null;
    if (!share || !profile) throw new NotFoundError(AnalyticsShareMessages.notFound);
    return { share, profile };
  }

  /** what the shared page shows before its figures */
  async dashboard({ share, profile }: OpenedShare, unlocked: boolean): Promise<SharedDashboardResponse> {
    return {
      cardDisplayName: profile.displayName,
      cardHandle: profile.handle,
      locked: share.passwordHash !== null && !unlocked,
      timeZone: timeZoneOf(await this.users.findById(profile.ownerId)),
    };
  }

  /**
   * true when the password opens the link (the caller then marks the browser); false for a link
   * that asks none, so nothing is to be marked. a wrong password answers 401.
   */
  async unlock({ share }: OpenedShare, password: string): Promise<boolean> {
    if (share.passwordHash === null) return false;
    if (!(await this.passwords.verify(password, share.passwordHash))) {
      throw new UnauthorizedError(AnalyticsShareMessages.wrongPassword);
    }
    return true;
  }

  /** the owner's summary for the same query (a draft answers 409 as it does for the owner) */
  async summary(
    opened: OpenedShare,
    unlocked: boolean,
    query: AnalyticsQueryDto,
  ): Promise<VisitSummaryResponse> {
    const { share, profile } = opened;
    if (share.passwordHash !== null && !unlocked) throw new UnauthorizedError(AnalyticsShareMessages.locked);
    const summary = await this.analytics.summaryOf(profile, query);
    const now = new Date();
    await this.shares.touch(share.id, now, new Date(now.getTime() - VIEW_WRITE_INTERVAL_MS));
    return summary;
  }

  /** only the card's holder shares its figures; anyone else's card answers as a missing one */
  private async ownCard(profileId: string, userId: string): Promise<ProfileRecord> {
    const profile = await this.profiles.findById(profileId);
    if (!profile || profile.ownerId !== userId) throw new NotFoundError(PROFILE_NOT_FOUND);
    return profile;
  }

  private answer(share: AnalyticsShareRecord): AnalyticsShareResponse {
    return {
      id: share.id,
      profileId: share.profileId,
      label: share.label,
      url: `${this.baseUrl}/share/${share.token}`,
      hasPassword: share.passwordHash !== null,
      createdAtUtc: share.createdAt.toISOString(),
      lastViewedAtUtc: share.lastViewedAt?.toISOString() ?? null,
    };
  }
}
