import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  filtersOf,
  parseBlockPayload,
  type AnalyticsComparison,
  type AnalyticsFilters,
  type AnalyticsQueryDto,
  type AnalyticsRangeQueryDto,
  type AnalyticsVisitsQueryDto,
  type LiveVisitorsResponse,
  type VisitItem,
  type VisitListResponse,
  type VisitSummaryResponse,
} from '@cardcraft/contracts';
import {
  AnalyticsQueryError,
  csvField,
  isoInZone,
  OutageLog,
  parseRange,
  toCsv,
  UTC,
  type DayRow,
  type ApiAnalytics,
  type LinkOwner,
  type SummaryQuery,
  type TeamSummary,
  type TimeRange,
  type VisitRow,
} from '@cardcraft/analytics';
import type { ProfileRecord, UsersRepository } from '@cardcraft/storage';
import { BadInputError, ConflictError, ServiceUnavailableError } from '../platform/common/errors';
import { ProfilesService } from '../profiles/profiles.service';
import { USERS } from '../platform/storage/storage.tokens';
import { ANALYTICS_RUNTIME } from './analytics.tokens';

export const ANALYTICS_DRAFT_MESSAGE = 'Analytics are only available for published profiles.';
/** what the owner reads while the analytics store does not answer */
export const ANALYTICS_UNAVAILABLE_MESSAGE = 'Analytics are temporarily unavailable';
/** when the dashboard may try again */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;
/** the most visits one export holds; a longer history is exported range by range */
export const VISITS_EXPORT_MAX = 100_000;
const EXPORT_PAGE = 5000;
const DAY_MS = 86_400_000;

const VISITS_CSV_HEADER = ['Visited (UTC)', 'Visitor', 'Name', 'Country', 'City', 'Device', 'Referrer'];

/** the visit list's columns, the time in the zone asked (ISO 8601 with its offset) */
function visitsCsvHeader(timeZone: string): string[] {
  return [`Visited (${timeZone})`, ...VISITS_CSV_HEADER.slice(1)];
}

/** a dashboard query as the read service takes it */
export function summaryQueryOf(
  query: AnalyticsFilters & { tz?: string; compare?: AnalyticsComparison },
): SummaryQuery {
  return { timeZone: query.tz ?? UTC, compare: query.compare ?? 'previous', filters: filtersOf(query) };
}
/** the daily CSV's columns after the views: each event type's count */
const DAILY_EVENT_COLUMNS = [
  ['vcard_saved', 'Contact saves'],
  ['shared', 'Shares'],
  ['email_clicked', 'E-mail clicks'],
  ['call_clicked', 'Call clicks'],
  ['link_clicked', 'Link clicks'],
  ['message_sent', 'Messages'],
] as const;
const DAILY_CSV_HEADER = [
  'Day (UTC)',
  'Views',
  'Unique visitors',
  'Signed-in views',
  ...DAILY_EVENT_COLUMNS.map(([, label]) => label),
];

function visitCsvRow(item: VisitItem, timeZone: string = UTC): Array<string | null> {
  return [
    isoInZone(Date.parse(item.createdAtUtc), timeZone),
    item.visitorType,
    item.visitorName,
    item.country,
    item.city,
    item.device,
    item.referrer ?? 'Direct',
  ];
}

function dailyCsvRow(day: DayRow): Array<string | number> {
  return [
    day.day,
    day.views,
    day.uniqueVisitors,
    day.signedInViews,
    ...DAILY_EVENT_COLUMNS.map(([type]) => day.events[type] ?? 0),
  ];
}

/** CSV rows without a header, each ended by CRLF as toCsv ends them */
function csvRows(rows: Array<Array<string | number | null>>): string {
  return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

/** a card's whole history, from the UTC day it was made until now: what the owner's export holds */
function historyOf(profile: ProfileRecord, now: Date): TimeRange {
  return { from: new Date(Math.floor(profile.createdAt.getTime() / DAY_MS) * DAY_MS), to: now };
}

/** the card's parts that hold addresses, so the summary can count link clicks per block */
export function linkOwnersOf(profile: ProfileRecord): LinkOwner[] {
  const owners: LinkOwner[] = [];
  if (profile.contact.website) {
    owners.push({ id: 'website', kind: 'website', label: 'Website', urls: [profile.contact.website] });
  }
  for (const link of profile.socialLinks) {
    owners.push({
      id: `social:${link.provider}`,
      kind: 'social',
      label: link.label || link.provider,
      urls: [link.url],
    });
  }
  for (const block of profile.blocks) {
    const payload = parseBlockPayload(block.payloadJson);
    const urls: string[] = [];
    if (typeof payload.ctaHref === 'string') urls.push(payload.ctaHref);
    if (typeof payload.embedUrl === 'string') urls.push(payload.embedUrl);
    if (Array.isArray(payload.links)) {
      for (const item of payload.links as unknown[]) {
        const href = (item as { href?: unknown } | null)?.href;
        if (typeof href === 'string') urls.push(href);
      }
    }
    if (urls.length > 0) owners.push({ id: block.id, kind: 'block', label: block.title || block.type, urls });
  }
  return owners;
}

/** the owner's analytics: ownership and state checked here, figures from the analytics store */
@Injectable()
export class AnalyticsService {
  constructor(
    @Inject(ANALYTICS_RUNTIME) private readonly analytics: ApiAnalytics,
    @Inject(USERS) private readonly users: UsersRepository,
    private readonly profiles: ProfilesService,
  ) {}

  private readonly outage = new OutageLog('the analytics store (owner reads)', new Logger('Analytics'));

  /**
   * a read of the analytics store. when it fails and the store does not answer a ping either, the
   * store is down: 503 with a message the dashboard shows, one log line for the outage. an error of a
   * store that answers is a fault of the read itself and goes on as it is.
   */
  private async read<T>(query: () => Promise<T>): Promise<T> {
    try {
      const result = await query();
      this.outage.up();
      return result;
    } catch (err) {
      if (err instanceof AnalyticsQueryError) throw err;
      const answers = await this.analytics.store.ping().then(
        () => true,
        () => false,
      );
      if (answers) throw err;
      this.outage.down((err as Error).message, `the owner's analytics answer 503 until it is back`);
      throw new ServiceUnavailableError(ANALYTICS_UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS);
    }
  }

  async summary(profileId: string, ownerId: string, query: AnalyticsQueryDto): Promise<VisitSummaryResponse> {
    const profile = await this.publishedOwned(profileId, ownerId);
    return this.summaryOf(profile, query);
  }

  /**
   * a card's summary for a caller already allowed to read it (its owner, a shared link): in the
   * query's zone, against its comparison, narrowed to its filters. a draft: 409
   */
  async summaryOf(profile: ProfileRecord, query: AnalyticsQueryDto): Promise<VisitSummaryResponse> {
    if (!profile.published) throw new ConflictError(ANALYTICS_DRAFT_MESSAGE);
    const range = this.range(query.from, query.to);
    return this.read(() =>
      this.analytics.reader.summary(profile.id, range, linkOwnersOf(profile), summaryQueryOf(query)),
    );
  }

  /**
   * the summary of several published cards at once, and a row of figures a card: a team's view. the
   * callers have decided which cards the reader may see
   */
  async teamSummary(
    cards: ReadonlyArray<{ id: string; linkOwners: LinkOwner[] }>,
    query: AnalyticsRangeQueryDto & { tz?: string; compare?: AnalyticsComparison },
    /** the totals and the cards' lines only (an overview): no links' clickers, no zone's series */
    linesOnly = false,
  ): Promise<TeamSummary> {
    const range = this.range(query.from, query.to);
    return this.read(() =>
      this.analytics.reader.teamSummary(
        cards.map((card) => ({ profileId: card.id, linkOwners: card.linkOwners })),
        range,
        { comparison: query.compare ?? 'previous', timeZone: query.tz ?? UTC, linesOnly },
      ),
    );
  }

  /** views per card and bucket of the zone (hours up to two days, days beyond) */
  cardsSeries(
    profileIds: string[],
    query: AnalyticsRangeQueryDto & { tz?: string },
  ): ReturnType<ApiAnalytics['reader']['cardsSeries']> {
    const range = this.range(query.from, query.to);
    return this.read(() => this.analytics.reader.cardsSeries(profileIds, range, query.tz ?? UTC));
  }

  async live(profileId: string, ownerId: string): Promise<LiveVisitorsResponse> {
    const profile = await this.publishedOwned(profileId, ownerId);
    return this.read(() => this.analytics.reader.live(profile.id));
  }

  async visits(
    profileId: string,
    ownerId: string,
    query: AnalyticsVisitsQueryDto,
  ): Promise<VisitListResponse> {
    const profile = await this.publishedOwned(profileId, ownerId);
    const range = this.range(query.from, query.to);
    let page;
    try {
      page = await this.read(() =>
        this.analytics.reader.visits(
          profile.id,
          range,
          query.pageSize ?? 10,
          query.cursor ?? null,
          filtersOf(query),
        ),
      );
    } catch (err) {
      throw this.badInput(err);
    }
    return { items: await this.visitItems(profile, page.rows), nextCursor: page.nextCursor };
  }

  /** every visit of the range (narrowed to its filters), newest first, up to VISITS_EXPORT_MAX, as CSV */
  async visitsCsv(profileId: string, ownerId: string, query: AnalyticsQueryDto): Promise<string> {
    const profile = await this.publishedOwned(profileId, ownerId);
    const range = this.range(query.from, query.to);
    const timeZone = query.tz ?? UTC;
    const filters = filtersOf(query);
    const rows: Array<Array<string | null>> = [];
    let cursor: string | null = null;
    do {
      const after: string | null = cursor;
      const page: Awaited<ReturnType<ApiAnalytics['reader']['visits']>> = await this.read(() =>
        this.analytics.reader.visits(profile.id, range, EXPORT_PAGE, after, filters),
      );
      for (const item of await this.visitItems(profile, page.rows)) rows.push(visitCsvRow(item, timeZone));
      cursor = page.nextCursor;
    } while (cursor && rows.length < VISITS_EXPORT_MAX);
    return toCsv(visitsCsvHeader(timeZone), rows.slice(0, VISITS_EXPORT_MAX));
  }

  /**
   * every visit of the card since it was made, newest first, as CSV in pieces of a page each: the
   * owner's data export streams it into its archive, so a long history is never held whole. a draft's
   * visits too (from when it was published), unlike the dashboard's reads.
   */
  async *exportVisitsCsv(profile: ProfileRecord, now: Date): AsyncGenerator<string> {
    const range = historyOf(profile, now);
    yield toCsv(VISITS_CSV_HEADER, []);
    let cursor: string | null = null;
    do {
      const after: string | null = cursor;
      const page: Awaited<ReturnType<ApiAnalytics['reader']['visits']>> = await this.read(() =>
        this.analytics.reader.visits(profile.id, range, EXPORT_PAGE, after),
      );
      const items = await this.visitItems(profile, page.rows);
      if (items.length > 0) yield csvRows(items.map((item) => visitCsvRow(item)));
      cursor = page.nextCursor;
    } while (cursor);
  }

  /** the card's figures of each day it had any since it was made, oldest first, as CSV */
  async exportDailyCsv(profile: ProfileRecord, now: Date): Promise<string> {
    const days = await this.read(() => this.analytics.reader.daily(profile.id, historyOf(profile, now)));
    return toCsv(DAILY_CSV_HEADER, days.map(dailyCsvRow));
  }

  /** the summary as one table of section, item and value rows; times in the query's zone */
  async summaryCsv(profileId: string, ownerId: string, query: AnalyticsQueryDto): Promise<string> {
    const s = await this.summary(profileId, ownerId, query);
    const local = (iso: string) => isoInZone(Date.parse(iso), s.timeZone);
    const rows: Array<Array<string | number | null>> = [
      ['totals', 'visits', s.totalVisits],
      ['totals', 'unique visitors', s.uniqueVisitors],
      ['totals', 'signed-in visits', s.authenticatedVisits],
      ['totals', 'guest visits', s.guestVisits],
    ];
    const section = (name: string, counts: Record<string, number | undefined>) => {
      for (const [key, value] of Object.entries(counts)) rows.push([name, key, value ?? 0]);
    };
    section('engagement', s.engagement);
    section('country', s.visitsByCountry);
    section('device', s.visitsByDevice);
    section('referrer', s.visitsByReferrer);
    section('channel', s.visitsByChannel);
    section('city', s.visitsByCity);
    section('browser', s.visitsByBrowser);
    section('utm source', s.visitsByUtmSource);
    section('utm medium', s.visitsByUtmMedium);
    section('utm campaign', s.visitsByUtmCampaign);
    for (const step of s.funnel) {
      rows.push(['funnel visitors', step.step, step.visitors]);
      rows.push(['funnel share of viewers', step.step, step.shareOfViewers]);
    }
    for (const link of s.clicksByLink) {
      rows.push(['clicks by link', link.target, link.clicks]);
      rows.push(['unique clicks by link', link.target, link.uniqueClicks]);
    }
    for (const block of s.clicksByBlock) {
      rows.push(['clicks by block', block.label, block.clicks]);
      rows.push(['unique clicks by block', block.label, block.uniqueClicks]);
    }
    const { previous, changePercent } = s.comparison;
    rows.push(['previous period', 'kind', s.comparison.kind]);
    rows.push(
      ['previous period', 'from', local(previous.fromUtc)],
      ['previous period', 'to', local(previous.toUtc)],
    );
    for (const key of ['visits', 'uniqueVisitors', 'saves', 'messages'] as const) {
      rows.push(['previous period', key, previous[key]]);
      rows.push(['change in per cent', key, changePercent[key]]);
    }
    for (const point of s.timeSeries.points) {
      rows.push([`visits by ${s.timeSeries.granularity}`, local(point.bucketUtc), point.visits]);
      rows.push([
        `unique visitors by ${s.timeSeries.granularity}`,
        local(point.bucketUtc),
        point.uniqueVisitors,
      ]);
    }
    return toCsv(['Section', 'Item', 'Value'], rows);
  }

  private async visitItems(profile: ProfileRecord, rows: VisitRow[]): Promise<VisitItem[]> {
    const names = await this.visitorNames(
      profile,
      rows.map((row) => row.userId),
    );
    return rows.map((row) => ({
      id: row.id,
      visitorType: row.authenticated ? 'authenticated' : 'guest',
      visitorName: row.userId ? (names.get(row.userId) ?? null) : null,
      city: row.city,
      country: row.country,
      device: row.device,
      referrer: row.referrerHost,
      createdAtUtc: row.ts.toISOString(),
    }));
  }

  /**
   * names of signed-in visitors, from the users store, only where the owner chose to see them: one
   * query for the whole page
   */
  private async visitorNames(
    profile: ProfileRecord,
    userIds: (string | null)[],
  ): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    if (!profile.privacy.showIdentifiedViewers) return names;
    const unique = [...new Set(userIds.filter((id): id is string => id !== null))];
    for (const user of await this.users.findByIds(unique)) names.set(user.id, user.displayName);
    return names;
  }

  private async publishedOwned(profileId: string, ownerId: string): Promise<ProfileRecord> {
    const profile = await this.profiles.getManaged(profileId, ownerId);
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
