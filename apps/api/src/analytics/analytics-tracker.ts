import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { isCardOwner, type EventType, type ViewContextQueryDto } from '@cardcraft/contracts';
import { isBotUserAgent, newEventId, type AnalyticsEvent, type AnalyticsRuntime } from '@cardcraft/analytics';
import type { ProfileRecord } from '@cardcraft/storage';
import type { RequestMeta } from '../platform/common/request-meta';
import { DomainEvents } from '../platform/events/domain-events';
import { ANALYTICS_RUNTIME } from './analytics.tokens';

export interface TrackInput {
  profile: ProfileRecord;
  type: EventType;
  viewerUserId: string | null;
  request: RequestMeta;
  context?: ViewContextQueryDto;
  target?: string | null;
}

/**
 * turns what happened into analytics events. views are recorded by an explicit call where a card is
 * served (recordView: the card's page, the JSON read); engagement by its endpoint; messages and the
 * erase of a deleted profile's events follow the domain events. recording never waits on the queue
 * (EventBuffer).
 */
@Injectable()
export class AnalyticsTracker implements OnModuleInit {
  private readonly logger = new Logger('Analytics');

  constructor(
    @Inject(ANALYTICS_RUNTIME) private readonly runtime: AnalyticsRuntime,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.events.on('lead.created', ({ profile, viewerUserId, request }) => {
      this.track({ profile, type: 'message_sent', viewerUserId, request, countBots: true });
    });
    // awaited: if the queue does not take the erase, the deletion answers an error instead of
    // leaving the analytics behind unnoticed; once queued, the erase is retried until it succeeds
    this.events.on('profile.deleted', async ({ profileId }) => {
      try {
        await this.runtime.eraseProfile(profileId);
      } catch (err) {
        this.logger.error(
          `could not queue the erase of profile ${profileId}'s analytics: ${(err as Error).message}`,
        );
        throw err;
      }
    });
  }

  /** a visit of a card: the page (GET /u/{handle}) or an API client's JSON read */
  recordView(
    profile: ProfileRecord,
    viewerUserId: string | null,
    request: RequestMeta,
    context?: ViewContextQueryDto,
  ): boolean {
    return this.track({ profile, type: 'view', viewerUserId, request, context });
  }

  /**
   * a view or an engagement of a published profile, unless the owner is looking at their own card, the
   * user agent is a bot or headless browser, or the request is HEAD. a message counts whoever sent it.
   */
  track(input: TrackInput & { countBots?: boolean }): boolean {
    const { profile, request } = input;
    if (!profile.published) return false;
    if (request.method === 'HEAD') return false;
    if (input.type !== 'message_sent' && isCardOwner(profile, input.viewerUserId)) return false;
    if (!input.countBots && isBotUserAgent(request.userAgent)) return false;
    const context = input.context;
    const event: AnalyticsEvent = {
      id: newEventId(),
      profileId: profile.id,
      ts: new Date().toISOString(),
      type: input.type,
      // the owner sees who a signed-in visitor was only if they chose to (and the card says so);
      // otherwise the visit still counts as authenticated, without the user id
      userId: profile.privacy.showIdentifiedViewers ? input.viewerUserId : null,
      authenticated: input.viewerUserId !== null,
      userAgent: request.userAgent,
      referrer: context?.ref ?? (input.type === 'view' ? request.refererHeader : null),
      utmSource: context?.utm_source ?? null,
      utmMedium: context?.utm_medium ?? null,
      utmCampaign: context?.utm_campaign ?? null,
      channel: context?.src ?? null,
      target: input.target ?? null,
      ip: request.ip || null,
      collectGeo: profile.privacy.collectGeo,
      collectIp: profile.privacy.collectIp,
    };
    try {
      this.runtime.track(event);
    } catch (err) {
      // the page must load even when analytics cannot take the event; the buffer counts its own losses
      this.logger.error(`could not record a ${input.type}: ${(err as Error).message}`);
      return false;
    }
    return true;
  }
}
