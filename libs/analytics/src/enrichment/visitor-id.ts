import { createHmac } from 'node:crypto';
import type { SaltStore } from '../ports';

const VISITOR_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{7,63}$/;

/** the browser's x-visitor-id when it is well formed (a uuid or a similar token, 8 to 64 characters) */
export function normalizeVisitorId(header: string | string[] | undefined | null): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const trimmed = value.trim();
  return VISITOR_ID.test(trimmed) ? trimmed.toLowerCase() : null;
}

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

  /** a visitor id for a browser that sent none: stable for a day, unlinkable once the salt is gone */
  async derivedVisitorId(ts: Date, profileId: string, ip: string, userAgent: string): Promise<string> {
    const salt = await this.saltFor(ts);
    const digest = createHmac('sha256', salt)
      .update(`visitor\n${profileId}\n${ip}\n${userAgent}`)
      .digest('hex');
    return `d-${digest.slice(0, 30)}`;
  }
}
