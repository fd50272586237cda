import { Inject, Injectable } from '@nestjs/common';
import type {
  AnalyticsRangeQueryDto,
  VisitItem,
  VisitListResponse,
  VisitSummaryResponse,
  VisitsQueryDto,
} from '@cardcraft/contracts';
import { AnalyticsQueryError, parseRange, type AnalyticsRuntime, type TimeRange } from '@cardcraft/analytics';
import type { ProfileRecord, Storage } from '@cardcraft/storage';
import { BadInputError, ConflictError } from '../common/errors';
import { ProfilesService } from '../profiles/profiles.service';
import { STORAGE } from '../storage/storage.module';
import { ANALYTICS_RUNTIME } from './analytics.tokens';

export const ANALYTICS_DRAFT_MESSAGE = 'Analytics are only available for published profiles.';

/** the owner's analytics: ownership and state checked here, figures from the analytics store */
@Injectable()
export class AnalyticsService {
  constructor(
    @Inject(ANALYTICS_RUNTIME) private readonly runtime: AnalyticsRuntime,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly profiles: ProfilesService,
  ) {}

  async summary(
    profileId: string,
    ownerId: string,
    query: AnalyticsRangeQueryDto,
  ): Promise<VisitSummaryResponse> {
    const profile = await this.publishedOwned(profileId, ownerId);
    return this.runtime.reader.summary(profile.id, this.range(query.from, query.to));
  }

  async visits(profileId: string, ownerId: string, query: VisitsQueryDto): Promise<VisitListResponse> {
    const profile = await this.publishedOwned(profileId, ownerId);
    const range = this.range(query.from, query.to);
    let page;
    try {
      page = await this.runtime.reader.visits(profile.id, range, query.pageSize ?? 10, query.cursor ?? null);
    } catch (err) {
      throw this.badInput(err);
    }
    const names = await this.visitorNames(
      profile,
      page.rows.map((row) => row.userId),
    );
    const items: VisitItem[] = page.rows.map((row) => ({
      id: row.id,
      visitorType: row.authenticated ? 'authenticated' : 'guest',
      visitorName: row.userId ? (names.get(row.userId) ?? null) : null,
      city: row.city,
      country: row.country,
      device: row.device,
      referrer: row.referrerHost,
      createdAtUtc: row.ts.toISOString(),
    }));
    return { items, nextCursor: page.nextCursor };
  }

  /** names of signed-in visitors, from the users store, only where the owner chose to see them */
  private async visitorNames(
    profile: ProfileRecord,
    userIds: (string | null)[],
  ): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    if (!profile.privacy.showIdentifiedViewers) return names;
    const unique = [...new Set(userIds.filter((id): id is string => id !== null))];
    const users = await Promise.all(unique.map((id) => this.storage.users.findById(id)));
    for (const user of users) if (user) names.set(user.id, user.displayName);
    return names;
  }

  private async publishedOwned(profileId: string, ownerId: string): Promise<ProfileRecord> {
    const profile = await this.profiles.getOwned(profileId, ownerId);
    if (!profile.published) throw new ConflictError(ANALYTICS_DRAFT_MESSAGE);
    return profile;
  }

  private range(from: string, to: string): TimeRange {
    try {
      return parseRange(from, to);
    } catch (err) {
      throw this.badInput(err);
    }
  }

  private badInput(err: unknown): unknown {
    if (err instanceof AnalyticsQueryError) {
      return new BadInputError(err.message, [{ field: err.field, message: err.message }]);
    }
    return err;
  }
}
