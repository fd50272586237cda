import { EVENT_TYPES, Limits, type EventType } from '@cardcraft/contracts';
import { v7 as uuidv7 } from 'uuid';

/**
 * one event as the api produces it and the queue carries it. the ip travels only so the worker can look
 * up a country and hash it; it is never written to the analytics store.
 */
export interface AnalyticsEvent {
  /** uuid v7: time-ordered */
  id: string;
  profileId: string;
  /** iso 8601, utc */
  ts: string;
  type: EventType;
  /** the signed-in viewer, kept only where the profile's owner shows identified visitors; else null */
  userId: string | null;
  /** a valid bearer came: counted as an authenticated visit, whether or not its user id is kept */
  authenticated: boolean;
  userAgent: string;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** how the visitor arrived, as the page said (`src=qr`); null lets the worker infer it */
  channel: string | null;
  /** the link of a link_clicked event */
  target: string | null;
  /** transient: looked up and hashed by the worker, never stored */
  ip: string | null;
  /** the profile's privacy flags at the time of the event */
  collectGeo: boolean;
  collectIp: boolean;
}

/** what one queue job carries; its id is the insert's deduplication token */
export interface EventBatch {
  id: string;
  events: AnalyticsEvent[];
  /**
   * set by a queue that hands several queued batches over as one (under an id of its own): the id the
   * producer gave the first of them, the others having been queued after it. absent: `id` is the
   * producer's own
   */
  firstBatchId?: string;
}

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

/** one row of the events table, as inserted */
export interface StoredEvent {
  event_id: string;
  profile_id: string;
  /** 'YYYY-MM-DD hh:mm:ss.sss' in utc */
  ts: string;
  type: EventType;
  /** hmac of the day's salt, profile, ip and user agent: counts uniques per card and day, never across */
  visitor_id: string;
  /** hmac of salt, profile, ip and user agent; '' unless the profile collects it */
  visitor_hash: string;
  /** '' unless the visitor was signed in and the owner shows identified visitors */
  user_id: string;
  /** 1: a signed-in visit, named or not */
  authenticated: 0 | 1;
  user_agent: string;
  device: DeviceType;
  browser: string;
  os: string;
  referrer: string;
  /** '' for direct */
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  channel: string;
  target: string;
  /** iso 3166 alpha-2; '' when unknown or not collected */
  country: string;
  city: string;
  batch_id: string;
}

/** one raw event of a card's day, as the edge-day cache holds it */
export interface DayEventRow {
  /** epoch milliseconds */
  ts: number;
  type: string;
  visitorId: string;
  authenticated: boolean;
  country: string;
  city: string;
  device: string;
  browser: string;
  referrerHost: string;
  channel: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  target: string;
}

export interface VisitRow {
  id: string;
  ts: Date;
  /** set only where the owner shows identified visitors */
  userId: string | null;
  /** a signed-in visitor, named or not */
  authenticated: boolean;
  city: string | null;
  country: string | null;
  device: string | null;
  referrerHost: string | null;
}

const EVENT_TYPE_SET = new Set<string>(EVENT_TYPES);
/** no text the api accepts is longer (an address); a queued value past it is cut, never trusted */
const MAX_TEXT = Limits.urlMax;

function text(value: unknown, field: string, nullable: true): string | null;
function text(value: unknown, field: string, nullable: false): string;
function text(value: unknown, field: string, nullable: boolean): string | null {
  if (value === null || value === undefined) {
    if (nullable) return null;
    throw new InvalidEventError(`${field} is required`);
  }
  if (typeof value !== 'string') throw new InvalidEventError(`${field} must be a string`);
  return value.slice(0, MAX_TEXT);
}

export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/** checks a payload read back from a queue; the queue is a process boundary, so nothing is trusted */
export function parseEventBatch(payload: unknown): EventBatch {
  if (typeof payload !== 'object' || payload === null) throw new InvalidEventError('batch must be an object');
  const { id, events } = payload as { id?: unknown; events?: unknown };
  if (typeof id !== 'string' || id.length === 0) throw new InvalidEventError('batch id is required');
  if (!Array.isArray(events)) throw new InvalidEventError('batch events must be an array');
  return { id, events: events.map(parseEvent) };
}

/**
 * the order of an event's values in a queued batch's compact shape: each event an array of them
 * instead of an object with its keys, about half the bytes and of the JSON work. the flags are 1 or 0
 */
export const QUEUED_EVENT_FIELDS = [
  'id',
  'profileId',
  'ts',
  'type',
  'userId',
  'authenticated',
  'userAgent',
  'referrer',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'channel',
  'target',
  'ip',
  'collectGeo',
  'collectIp',
] as const satisfies ReadonlyArray<keyof AnalyticsEvent>;
const IP_INDEX = QUEUED_EVENT_FIELDS.indexOf('ip');

/** a batch as the embedded queue keeps it: JSON, its events in the compact shape */
export function encodeQueuedBatch(batch: EventBatch): string {
  return JSON.stringify({
    id: batch.id,
    events: batch.events.map((e) => [
      e.id,
      e.profileId,
      e.ts,
      e.type,
      e.userId,
      e.authenticated ? 1 : 0,
      e.userAgent,
      e.referrer,
      e.utmSource,
      e.utmMedium,
      e.utmCampaign,
      e.channel,
      e.target,
      e.ip,
      e.collectGeo ? 1 : 0,
      e.collectIp ? 1 : 0,
    ]),
  });
}

/** an event in either shape: the compact array, or the object with keys queued before it */
function parseEvent(raw: unknown): AnalyticsEvent {
  if (Array.isArray(raw)) {
    if (raw.length !== QUEUED_EVENT_FIELDS.length) {
      throw new InvalidEventError(
        `a queued event has ${QUEUED_EVENT_FIELDS.length} values, not ${raw.length}`,
      );
    }
    return checkedEvent(
      raw[0],
      raw[1],
      raw[2],
      raw[3],
      raw[4],
      raw[5] === 1 || raw[5] === true,
      raw[6],
      raw[7],
      raw[8],
      raw[9],
      raw[10],
      raw[11],
      raw[12],
      raw[13],
      raw[14] === 1 || raw[14] === true,
      raw[15] === 1 || raw[15] === true,
    );
  }
  if (typeof raw !== 'object' || raw === null) throw new InvalidEventError('event must be an object');
  const e = raw as Record<string, unknown>;
  return checkedEvent(
    e.id,
    e.profileId,
    e.ts,
    e.type,
    e.userId,
    // a batch queued before the flag existed: a user id meant a signed-in visit
    e.authenticated === true || (e.authenticated === undefined && typeof e.userId === 'string'),
    e.userAgent,
    e.referrer,
    e.utmSource,
    e.utmMedium,
    e.utmCampaign,
    e.channel,
    e.target,
    e.ip,
    e.collectGeo === true,
    e.collectIp === true,
  );
}

function checkedEvent(
  id: unknown,
  profileId: unknown,
  rawTs: unknown,
  rawType: unknown,
  userId: unknown,
  authenticated: boolean,
  userAgent: unknown,
  referrer: unknown,
  utmSource: unknown,
  utmMedium: unknown,
  utmCampaign: unknown,
  channel: unknown,
  target: unknown,
  ip: unknown,
  collectGeo: boolean,
  collectIp: boolean,
): AnalyticsEvent {
  const type = text(rawType, 'type', false);
  if (!EVENT_TYPE_SET.has(type)) throw new InvalidEventError(`unknown event type ${type}`);
  const ts = text(rawTs, 'ts', false);
  if (Number.isNaN(Date.parse(ts))) throw new InvalidEventError('ts must be an iso date');
  return {
    id: text(id, 'id', false),
    profileId: text(profileId, 'profileId', false),
    ts,
    type: type as EventType,
    userId: text(userId, 'userId', true),
    authenticated,
    userAgent: text(userAgent, 'userAgent', true) ?? '',
    referrer: text(referrer, 'referrer', true),
    utmSource: text(utmSource, 'utmSource', true),
    utmMedium: text(utmMedium, 'utmMedium', true),
    utmCampaign: text(utmCampaign, 'utmCampaign', true),
    channel: text(channel, 'channel', true),
    target: text(target, 'target', true),
    ip: text(ip, 'ip', true),
    collectGeo,
    collectIp,
  };
}

/** a day: the longest a raw ip may wait in a batch that failed */
export const IP_MAX_AGE_MS = 86_400_000;

/**
 * a queued payload with the ips of its events removed, and whether there were any. lenient on purpose:
 * it runs on whatever a queue holds (ingest batches, jobs without events) and must never throw.
 */
export function withoutIps(payload: unknown): { payload: unknown; stripped: boolean } {
  if (typeof payload !== 'object' || payload === null) return { payload, stripped: false };
  const events = (payload as { events?: unknown }).events;
  if (!Array.isArray(events)) return { payload, stripped: false };
  let stripped = false;
  const cleaned = events.map((event: unknown) => {
    if (Array.isArray(event)) {
      // the compact shape: the ip has its place in the array
      if (event[IP_INDEX] === null || event[IP_INDEX] === undefined) return event;
      stripped = true;
      return event.map((value: unknown, i) => (i === IP_INDEX ? null : value));
    }
    if (typeof event !== 'object' || event === null) return event;
    const { ip } = event as { ip?: unknown };
    if (ip === null || ip === undefined) return event;
    stripped = true;
    return { ...event, ip: null };
  });
  return { payload: stripped ? { ...payload, events: cleaned } : payload, stripped };
}

/** 'YYYY-MM-DD hh:mm:ss.sss', the DateTime64(3) text both transports parse the same way */
export function toClickHouseTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** the inverse of toClickHouseTime */
export function fromClickHouseTime(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}Z`);
}

/** a time-ordered event id (uuid v7) */
export function newEventId(): string {
  return uuidv7();
}
