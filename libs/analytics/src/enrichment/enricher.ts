import { Limits, VIEW_CONTEXT_LIMITS } from '@cardcraft/contracts';
import type { AnalyticsEvent, StoredEvent } from '../events';
import type { EventLoopSlices } from '../event-loop';
import { LruCache } from '../lru-cache';
import { EventRows, tsvField, writtenEvent } from './event-rows';
import type { GeoLookup, GeoResult } from './geo';
import { referrerHost } from './referrer';
import type { UserAgentParser } from './user-agent';
import { visitorIdsWith, type VisitorHasher } from './visitor-id';

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

/** the time as the api writes it (Date#toISOString): its day and clock are read off it as they are */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const NO_GEO: GeoResult = { country: '', city: '' };

/** what a user agent gives a row: its four columns as they stand in the line, and the parsed values */
interface UserAgentColumns {
  /** user_agent, device, browser and os, escaped, tab-separated */
  fields: string;
  device: string;
  browser: string;
}

/** check the event loop's slice every this many events */
const SLICE_CHECK_EVERY = 64;

/** turns queued events into rows: geo, device, referrer host, visitor id and hash, privacy applied */
export class EventEnricher {
  /** the same few hundred user agents repeat all day: their columns are written once */
  private readonly userAgentColumns = new LruCache<string, UserAgentColumns>(5000);

  constructor(
    private readonly geo: GeoLookup,
    private readonly userAgents: UserAgentParser,
    private readonly hasher: VisitorHasher,
    private readonly ownHosts: ReadonlySet<string>,
  ) {}

  /**
   * the events as an insert's rows: a TabSeparated line each, written straight from the event and what
   * it is enriched with. with `slices`, a long batch lets the event loop run between slices (it runs in
   * the process that answers the visitors)
   */
  async enrichRows(
    batchId: string,
    events: readonly AnalyticsEvent[],
    slices?: EventLoopSlices,
  ): Promise<EventRows> {
    const rows = new EventRows();
    const batch = tsvField(batchId);
    const salts = new Map<string, Buffer>();
    for (let i = 0; i < events.length; i++) {
      if (slices && i % SLICE_CHECK_EVERY === SLICE_CHECK_EVERY - 1 && slices.due()) {
        rows.seal();
        await slices.pause();
      }
      const event = events[i];
      const iso = ISO_UTC.test(event.ts) ? event.ts : new Date(event.ts).toISOString();
      const day = iso.slice(0, 10);
      let salt = salts.get(day);
      if (!salt) {
        salt = await this.hasher.saltOfDay(day);
        salts.set(day, salt);
      }
      this.addRow(rows, batch, event, iso, salt);
    }
    rows.seal();
    return rows;
  }

  /** the events as row objects (tests, tools): the same rows, read back from their lines */
  async enrich(batchId: string, events: AnalyticsEvent[]): Promise<StoredEvent[]> {
    return (await this.enrichRows(batchId, events)).rows();
  }

  private addRow(rows: EventRows, batch: string, event: AnalyticsEvent, iso: string, salt: Buffer): void {
    const ua = this.columnsOf(event.userAgent);
    const host = referrerHost(event.referrer, this.ownHosts);
    const geo = event.collectGeo ? this.geo.lookup(event.ip) : NO_GEO;
    // what the browser might send is never used: a stored id would link one person across cards and days
    const { visitorId, visitorHash } = visitorIdsWith(
      salt,
      event.profileId,
      event.ip ?? '',
      event.userAgent,
      event.collectIp && !!event.ip,
    );
    const userId = event.userId ?? '';
    const authenticated = event.authenticated || event.userId !== null;
    const referrer = event.referrer && host ? clip(event.referrer, VIEW_CONTEXT_LIMITS.ref) : '';
    const channel = channelOf(event, host);
    const target = clip(event.target, Limits.urlMax);
    const utmSource = clip(event.utmSource, VIEW_CONTEXT_LIMITS.utm_source);
    const utmMedium = clip(event.utmMedium, VIEW_CONTEXT_LIMITS.utm_medium);
    const utmCampaign = clip(event.utmCampaign, VIEW_CONTEXT_LIMITS.utm_campaign);
    const line =
      `${tsvField(event.id)}\t${tsvField(event.profileId)}\t${iso.slice(0, 10)} ${iso.slice(11, 23)}\t` +
      `${tsvField(event.type)}\t${visitorId}\t${visitorHash}\t${tsvField(userId)}\t${authenticated ? 1 : 0}\t` +
      `${ua.fields}\t${tsvField(referrer)}\t${tsvField(host)}\t` +
      `${tsvField(utmSource)}\t${tsvField(utmMedium)}\t${tsvField(utmCampaign)}\t` +
      `${tsvField(channel)}\t${tsvField(target)}\t${tsvField(geo.country)}\t${tsvField(geo.city)}\t${batch}\n`;
    rows.add(
      line,
      writtenEvent(
        event.id,
        event.profileId,
        Date.parse(iso),
        event.type,
        visitorId,
        userId,
        authenticated,
        ua.device,
        host,
        channel,
        target,
        geo.country,
        geo.city,
        { browser: ua.browser, utmSource, utmMedium, utmCampaign },
      ),
    );
  }

  private columnsOf(userAgent: string): UserAgentColumns {
    const cached = this.userAgentColumns.get(userAgent);
    if (cached) return cached;
    const info = this.userAgents.parse(userAgent);
    const columns = {
      fields: `${tsvField(clip(userAgent))}\t${info.device}\t${tsvField(info.browser)}\t${tsvField(info.os)}`,
      device: info.device,
      browser: info.browser,
    };
    this.userAgentColumns.set(userAgent, columns);
    return columns;
  }
}
