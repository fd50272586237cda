import { createHmac } from 'node:crypto';
import type { SaltStore } from '../ports';

/** the utc day of a date, YYYY-MM-DD */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
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

  private async saltFor(ts: Date): Promise<Buffer> {
    const today = this.now();
    const yesterday = new Date(today.getTime() - 86_400_000);
    const day = utcDay(ts);
    const usable = day === utcDay(today) || day === utcDay(yesterday);
    return this.salts.saltFor(usable ? day : utcDay(today));
  }

  /** the visitor hash a profile with collectIp stores */
  async visitorHash(ts: Date, profileId: string, ip: string, userAgent: string): Promise<string> {
    const salt = await this.saltFor(ts);
    return createHmac('sha256', salt)
      .update(`hash\n${profileId}\n${ip}\n${userAgent}`)
      .digest('hex')
      .slice(0, 32);
  }

  /**
   * the visitor id of every event: the same browser (address and user agent) on the same card and utc day
   * gets the same id, so uniques are counted without a cookie or a stored id; another card or another day
   * gives another id, and once the day's salt is deleted nobody can tell whose it was.
   */
  async derivedVisitorId(ts: Date, profileId: string, ip: string, userAgent: string): Promise<string> {
    const salt = await this.saltFor(ts);
    const digest = createHmac('sha256', salt)
      .update(`visitor\n${profileId}\n${ip}\n${userAgent}`)
      .digest('hex');
    return `d-${digest.slice(0, 30)}`;
  }
}
