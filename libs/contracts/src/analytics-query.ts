// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidatorConstraint,
} from 'class-validator';
import type { ValidatorConstraintInterface } from 'class-validator';
import { AnalyticsRangeQueryDto } from './analytics.dto';
import { Limits } from './messages';
import { Trim } from './transforms';

/**
 * what a dashboard view can be narrowed to, as query parameters and URL keys. a value is the key the
 * summary answers for it (a country code, 'mobile', 'linkedin.com', a link's address...); a filter on
 * a visit's property keeps the visitors whose view that day had it, a link filter those who clicked it
 */
export const ANALYTICS_FILTER_KEYS = [
  'country',
  'city',
  'device',
  'browser',
  'channel',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'link',
] as const;
export type AnalyticsFilterKey = (typeof ANALYTICS_FILTER_KEYS)[number];
export type AnalyticsFilters = Partial<Record<AnalyticsFilterKey, string>>;

/** what the range is compared with: the period of the same length just before, or the same dates a year before */
export const ANALYTICS_COMPARISONS = ['previous', 'year'] as const;
export type AnalyticsComparison = (typeof ANALYTICS_COMPARISONS)[number];

export const AnalyticsQueryMessages = {
  timeZone: 'tz must be a time zone such as Europe/Berlin or Asia/Kolkata',
  compare: 'compare must be previous or year',
  filter: 'A filter value must be 1 to 2048 characters',
} as const;

/** an IANA time zone name this runtime knows (Europe/Berlin, Asia/Kolkata, UTC) */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

@ValidatorConstraint({ name: 'timeZone' })
export class IsTimeZoneConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return isTimeZone(value);
  }
}

/** the filters of a query, in the order of ANALYTICS_FILTER_KEYS; absent keys left out */
export function filtersOf(query: AnalyticsFilters): AnalyticsFilters {
  const filters: AnalyticsFilters = {};
  for (const key of ANALYTICS_FILTER_KEYS) {
    const value = query[key];
    if (typeof value === 'string' && value !== '') filters[key] = value;
  }
  return filters;
}

function FilterValue(): PropertyDecorator {
  return (target, key) => {
    Trim()(target, key);
    IsOptional()(target, key);
    IsString({ message: AnalyticsQueryMessages.filter })(target, key);
    MaxLength(Limits.urlMax, { message: AnalyticsQueryMessages.filter })(target, key);
  };
}

/** an overview's query: the range, its zone and the comparison (no filters) */
export class AnalyticsOverviewQueryDto extends AnalyticsRangeQueryDto {
  @IsOptional()
  @Validate(IsTimeZoneConstraint, { message: AnalyticsQueryMessages.timeZone })
  tz?: string;

  @IsOptional()
  @IsIn(ANALYTICS_COMPARISONS, { message: AnalyticsQueryMessages.compare })
  compare?: AnalyticsComparison;
}

/**
 * a dashboard read: the range (instants; the dashboard sends the owner's local midnights), the time
 * zone its days and hours are counted in (default UTC), the comparison, and the filters
 */
export class AnalyticsQueryDto extends AnalyticsOverviewQueryDto {
  @FilterValue() country?: string;
  @FilterValue() city?: string;
  @FilterValue() device?: string;
  @FilterValue() browser?: string;
  @FilterValue() channel?: string;
  @FilterValue() referrer?: string;
  @FilterValue() utm_source?: string;
  @FilterValue() utm_medium?: string;
  @FilterValue() utm_campaign?: string;
  @FilterValue() link?: string;
}

/** a page of the visit list, narrowed as the summary is */
export class AnalyticsVisitsQueryDto extends AnalyticsQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'pageSize must be a whole number from 1 to 100' })
  @Min(1, { message: 'pageSize must be a whole number from 1 to 100' })
  @Max(100, { message: 'pageSize must be a whole number from 1 to 100' })
  pageSize = 10;

  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'cursor is not valid' })
  cursor?: string;
}

/** one card's line in an overview (an account's cards, or a team's) */
export interface OverviewCardFigures {
  profileId: string;
  handle: string;
  displayName: string;
  published: boolean;
  /** a team's overview: who holds the card */
  holderName?: string;
  visits: number;
  uniqueVisitors: number;
  saves: number;
  messages: number;
  /** (saves + messages) ÷ visits, 0 to 1; null without visits */
  conversion: number | null;
  /** visits per bucket, in the order of AnalyticsOverviewResponse.buckets */
  series: number[];
}

export interface OverviewTotals {
  visits: number;
  uniqueVisitors: number;
  saves: number;
  messages: number;
  conversion: number | null;
}

/**
 * GET /api/analytics/overview and GET /api/teams/{teamId}/analytics/overview (?from&to&tz&compare):
 * every card at once
 */
export interface AnalyticsOverviewResponse {
  fromUtc: string;
  toUtc: string;
  timeZone: string;
  granularity: 'hour' | 'day';
  /** the start of each bucket (an hour or a day in timeZone), as a UTC instant */
  buckets: string[];
  totals: OverviewTotals;
  comparison: {
    kind: AnalyticsComparison;
    fromUtc: string;
    toUtc: string;
    previous: OverviewTotals;
    /** change in per cent, one decimal; null when the previous figure was 0 */
    changePercent: {
      visits: number | null;
      uniqueVisitors: number | null;
      saves: number | null;
      messages: number | null;
    };
  };
  cards: OverviewCardFigures[];
}
