// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { ExtraMessages, Limits } from './messages';
import { TrimToNull } from './transforms';

export const ENGAGEMENT_EVENT_TYPES = [
  'vcard_saved',
  'shared',
  'email_clicked',
  'call_clicked',
  'link_clicked',
] as const;
export type EngagementEventType = (typeof ENGAGEMENT_EVENT_TYPES)[number];
export const EVENT_TYPES = ['view', ...ENGAGEMENT_EVENT_TYPES, 'message_sent'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const ANALYTICS_MAX_RANGE_DAYS = 366;

export class AnalyticsRangeQueryDto {
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  from!: string;

  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  to!: string;
}

export class TrackEventDto {
  @IsIn(ENGAGEMENT_EVENT_TYPES, { message: ExtraMessages.eventType })
  type!: EngagementEventType;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.urlMax, { message: ExtraMessages.fieldTooLong })
  target: string | null = null;
}

/**
 * the longest value kept of each part of a visit's origin: the referrer, the utm parameters and the
 * channel the link names (src=qr). the api accepts these on the JSON read, the card's page clips its
 * query to them, and the analytics queue and worker keep to them, so a value is cut in one place only.
 */
export const VIEW_CONTEXT_LIMITS = {
  ref: Limits.urlMax,
  utm_source: 500,
  utm_medium: 500,
  utm_campaign: 500,
  src: 100,
} as const satisfies Record<keyof ViewContextQueryDto, number>;

/**
 * what the public page passes along with its read so the view carries the visit's origin. lenient on
 * purpose: these only describe the view, so an odd referrer (android-app://...) or a long campaign name
 * must not turn the card into an error page; the analytics worker parses and clips them.
 */
export class ViewContextQueryDto {
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(VIEW_CONTEXT_LIMITS.ref)
  ref?: string | null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(VIEW_CONTEXT_LIMITS.utm_source)
  utm_source?: string | null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(VIEW_CONTEXT_LIMITS.utm_medium)
  utm_medium?: string | null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(VIEW_CONTEXT_LIMITS.utm_campaign)
  utm_campaign?: string | null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(VIEW_CONTEXT_LIMITS.src)
  src?: string | null;
}
