import { v7 as uuidv7 } from 'uuid';
import { toClickHouseTime, type StoredEvent } from '../../events';

/** a stored row with everything defaulted (a direct view from the US on a phone); tests set the rest */
export function storedEvent(
  overrides: Partial<StoredEvent> & { profile_id: string; at: string },
): StoredEvent {
  const { at, ...rest } = overrides;
  const ms = Date.parse(at);
  return {
    event_id: uuidv7({ msecs: ms }),
    ts: toClickHouseTime(new Date(ms)),
    type: 'view',
    visitor_id: 'visitor-1',
    visitor_hash: '',
    user_id: '',
    authenticated: 0,
    user_agent: 'contract',
    device: 'mobile',
    browser: 'Safari',
    os: 'iOS',
    referrer: '',
    referrer_host: '',
    utm_source: '',
    utm_medium: '',
    utm_campaign: '',
    channel: 'direct',
    target: '',
    country: 'US',
    city: '',
    batch_id: 'contract',
    ...rest,
  };
}

/** a range of whole utc days, both ends included */
export function days(first: string, last: string = first): { from: Date; to: Date } {
  return { from: new Date(`${first}T00:00:00.000Z`), to: new Date(`${last}T23:59:59.999Z`) };
}

/** an inclusive range between two moments */
export function between(from: string, to: string): { from: Date; to: Date } {
  return { from: new Date(from), to: new Date(to) };
}
