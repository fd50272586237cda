import { createHmac } from 'node:crypto';
import type { SaltStore } from '../ports';

/** the utc day of a date, YYYY-MM-DD */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** an event's visitor id and, where the profile collects it, its visitor hash ('' otherwise) */
export interface VisitorIds {
  visitorId: string;
  visitorHash: string;
}

/**
 * the visitor id and hash of one event with the salt of its day, from one hmac: the id is the first
 * 30 hex digits of hmac(salt, "visitor", profile, ip, user agent) as it always was, the hash the 32
 * after them. the same browser (address and user agent) on the same card and utc day gets the same
 * id and hash; another card or another day, others; once the day's salt is deleted nobody can tell
 * whose they were. (the hash used to be a second hmac of its own: hashes stored before differ, with
 * the same meaning.)
 */
export function visitorIdsWith(
  salt: Buffer,
  profileId: string,
  ip: string,
  userAgent: string,
  withHash: boolean,
): VisitorIds {
  const digest = createHmac('sha256', salt)
    .update(`visitor\n${profileId}\n${ip}\n${userAgent}`)
    .digest('hex');
  return { visitorId: `d-${digest.slice(0, 30)}`, visitorHash: withHash ? digest.slice(30, 62) : '' };
}

/**
 * hashes with the daily salt. the salt of the event's own day is used, so a batch retried after
 * midnight hashes the same; a day older than the kept salts falls back to today's.
 */
export class VisitorHasher {
  constructor(
    private readonly salts: SaltStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** the salt the events of a utc day (YYYY-MM-DD) hash with */
  saltOfDay(day: string): Promise<Buffer> {
    const today = this.now();
    const yesterday = new Date(today.getTime() - 86_400_000);
    const usable = day === utcDay(today) || day === utcDay(yesterday);
    return this.salts.saltFor(usable ? day : utcDay(today));
  }

  /** the visitor hash a profile with collectIp stores */
  async visitorHash(ts: Date, profileId: string, ip: string, userAgent: string): Promise<string> {
    return visitorIdsWith(await this.saltOfDay(utcDay(ts)), profileId, ip, userAgent, true).visitorHash;
  }

  /**
   * the visitor id of every event: the same browser (address and user agent) on the same card and utc day
   * gets the same id, so uniques are counted without a cookie or a stored id; another card or another day
   * gives another id, and once the day's salt is deleted nobody can tell whose it was.
   */
  async derivedVisitorId(ts: Date, profileId: string, ip: string, userAgent: string): Promise<string> {
    return visitorIdsWith(await this.saltOfDay(utcDay(ts)), profileId, ip, userAgent, false).visitorId;
  }
}
