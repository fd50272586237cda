import { Limits, VIEW_CONTEXT_LIMITS } from '@cardcraft/contracts';
import type { AnalyticsEvent, StoredEvent } from '../events';
import { toClickHouseTime } from '../events';
import type { GeoLookup } from './geo';
import { referrerHost } from './referrer';
import type { UserAgentParser } from './user-agent';
import type { VisitorHasher } from './visitor-id';

/** a user agent longer than this is cut; the other texts keep to the limits the api accepts them by */
const MAX_FIELD = 1024;

function clip(value: string | null | undefined, max = MAX_FIELD): string {
  return value ? value.slice(0, max) : '';
}

/** how the visitor arrived: what the page said (src=qr), else a campaign, a referring site or direct */
export function channelOf(event: AnalyticsEvent, host: string): string {
  const said = event.channel?.trim().toLowerCase();
  if (said) return said.slice(0, VIEW_CONTEXT_LIMITS.src);
  if (event.utmMedium || event.utmSource || event.utmCampaign) return 'campaign';
  return host ? 'referral' : 'direct';
}

/** turns queued events into rows: geo, device, referrer host, visitor id and hash, privacy applied */
export class EventEnricher {
  constructor(
    private readonly geo: GeoLookup,
    private readonly userAgents: UserAgentParser,
    private readonly hasher: VisitorHasher,
    private readonly ownHosts: ReadonlySet<string>,
  ) {}

  async enrich(batchId: string, events: AnalyticsEvent[]): Promise<StoredEvent[]> {
    const rows: StoredEvent[] = [];
    for (const event of events) rows.push(await this.enrichOne(batchId, event));
    return rows;
  }

  private async enrichOne(batchId: string, event: AnalyticsEvent): Promise<StoredEvent> {
    const ts = new Date(event.ts);
    const ua = this.userAgents.parse(event.userAgent);
    const host = referrerHost(event.referrer, this.ownHosts);
    const geo = event.collectGeo ? this.geo.lookup(event.ip) : { country: '', city: '' };
    const ip = event.ip ?? '';
    // what the browser might send is never used: a stored id would link one person across cards and days
    const visitorId = await this.hasher.derivedVisitorId(ts, event.profileId, ip, event.userAgent);
    const visitorHash =
      event.collectIp && event.ip
        ? await this.hasher.visitorHash(ts, event.profileId, event.ip, event.userAgent)
        : '';
    return {
      event_id: event.id,
      profile_id: event.profileId,
      ts: toClickHouseTime(ts),
      type: event.type,
      visitor_id: visitorId,
      visitor_hash: visitorHash,
      user_id: event.userId ?? '',
      authenticated: event.authenticated || event.userId !== null ? 1 : 0,
      user_agent: clip(event.userAgent),
      device: ua.device,
      browser: ua.browser,
      os: ua.os,
      referrer: event.referrer && host ? clip(event.referrer, VIEW_CONTEXT_LIMITS.ref) : '',
      referrer_host: host,
      utm_source: clip(event.utmSource, VIEW_CONTEXT_LIMITS.utm_source),
      utm_medium: clip(event.utmMedium, VIEW_CONTEXT_LIMITS.utm_medium),
      utm_campaign: clip(event.utmCampaign, VIEW_CONTEXT_LIMITS.utm_campaign),
      channel: channelOf(event, host),
      target: clip(event.target, Limits.urlMax),
      country: geo.country,
      city: geo.city,
      batch_id: batchId,
    };
  }
}
