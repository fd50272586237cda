import { Inject, Injectable, Logger } from '@nestjs/common';
import type { LeadFollowUpResponse } from '@cardcraft/contracts';
import type { ApiAnalytics } from '@cardcraft/analytics';
import type { LeadRecord, LeadsRepository, ProfileRecord } from '@cardcraft/storage';
import { ANALYTICS_RUNTIME } from '../analytics/analytics.tokens';
import type { RequestMeta } from '../platform/common/request-meta';
import { LEADS } from '../platform/storage/storage.tokens';
import { followUpOf, NOT_COLLECTED, UNAVAILABLE } from './follow-up';

const DAY_MS = 86_400_000;
/**
 * a day's signals are kept once this long after its end: the last events of the day may still be in
 * the queue at midnight (the pipeline stores a view within seconds; an outage's retries take longer)
 */
const SETTLED_AFTER_MS = 2 * 3_600_000;

/** the utc day of a moment, YYYY-MM-DD */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * a lead's follow-up signals: what its visitor did on the card the utc day of the message, read from
 * the analytics by the day's visitor key kept with the lead. once the day is settled the signals
 * cannot change, so they are kept with the lead (and the key forgotten); until then they are read
 * each time.
 */
@Injectable()
export class LeadFollowUps {
  private readonly logger = new Logger('LeadFollowUps');

  constructor(
    @Inject(ANALYTICS_RUNTIME) private readonly analytics: ApiAnalytics,
    @Inject(LEADS) private readonly leads: LeadsRepository,
  ) {}

  /**
   * the key the visitor's events of today carry; null where the card does not collect visitor
   * addresses or the salts cannot be read (the message is taken all the same, without signals)
   */
  async visitorKey(profile: ProfileRecord, request: RequestMeta, at: Date): Promise<string | null> {
    try {
      return await this.analytics.visitorKey({
        profileId: profile.id,
        ip: request.ip || null,
        userAgent: request.userAgent,
        collectIp: profile.privacy.collectIp,
        at,
      });
    } catch (err) {
      this.logger.warn(`a message is kept without its visitor key: ${(err as Error).message}`);
      return null;
    }
  }

  /** each lead's follow-up, by lead id; the analytics read once for all that need it */
  async of(leads: readonly LeadRecord[], now = new Date()): Promise<Map<string, LeadFollowUpResponse>> {
    const result = new Map<string, LeadFollowUpResponse>();
    const pending: Array<LeadRecord & { visitorKey: string }> = [];
    for (const lead of leads) {
      if (lead.followUp) result.set(lead.id, followUpOf(lead.followUp));
      else if (lead.visitorKey === null) result.set(lead.id, NOT_COLLECTED);
      else pending.push({ ...lead, visitorKey: lead.visitorKey });
    }
    if (pending.length === 0) return result;
    let signals;
    try {
      signals = await this.analytics.visitorDaySignals(
        pending.map((lead) => ({
          profileId: lead.profileId,
          day: dayOf(lead.createdAt),
          visitorHash: lead.visitorKey,
        })),
      );
    } catch (err) {
      // the leads still answer; their signals say they could not be read
      this.logger.warn(`follow-up signals could not be read: ${(err as Error).message}`);
      for (const lead of pending) result.set(lead.id, UNAVAILABLE);
      return result;
    }
    const settled: Promise<void>[] = [];
    pending.forEach((lead, n) => {
      const day = signals[n] ?? { views: 0, saves: 0, linkClicks: 0, shares: 0, calls: 0, emails: 0 };
      result.set(lead.id, followUpOf(day));
      const dayEnd = Date.parse(`${dayOf(lead.createdAt)}T00:00:00Z`) + DAY_MS;
      if (now.getTime() >= dayEnd + SETTLED_AFTER_MS) {
        settled.push(this.leads.keepFollowUp(lead.profileId, lead.id, day));
      }
    });
    await Promise.all(settled);
    return result;
  }

  /** one lead's follow-up */
  async one(lead: LeadRecord): Promise<LeadFollowUpResponse> {
    return (await this.of([lead])).get(lead.id) ?? UNAVAILABLE;
  }
}
