import type { VisitorHasher } from '../enrichment/visitor-id';
import type { VisitorDay, VisitorDayEvents, VisitorDayReader } from '../store-ports';

/** what one visitor did on a card in one UTC day, by what it says about them */
export interface VisitorDaySignals {
  views: number;
  /** saved the card's contact (vCard) */
  saves: number;
  linkClicks: number;
  shares: number;
  calls: number;
  emails: number;
}

/** what a request tells of the visitor, as the worker will see the same request's event */
export interface VisitorOfRequest {
  profileId: string;
  ip: string | null;
  userAgent: string;
  /** the card's privacy.collectIp at the time of the request */
  collectIp: boolean;
  at: Date;
}

/**
 * the key the day's events of this visitor carry (their visitor_hash), computed at the request by the
 * same hmac and daily salt the worker uses, so nothing here links days: another day's key differs and
 * once the day's salt is deleted the key names nobody. null where the card does not collect visitor
 * addresses, or no address came: the events then carry no hash either.
 */
export async function visitorKeyOf(hasher: VisitorHasher, visit: VisitorOfRequest): Promise<string | null> {
  if (!visit.collectIp || !visit.ip) return null;
  return hasher.visitorHash(visit.at, visit.profileId, visit.ip, visit.userAgent);
}

export function signalsOf(events: VisitorDayEvents): VisitorDaySignals {
  const count = (type: string) => events[type] ?? 0;
  return {
    views: count('view'),
    saves: count('vcard_saved'),
    linkClicks: count('link_clicked'),
    shares: count('shared'),
    calls: count('call_clicked'),
    emails: count('email_clicked'),
  };
}

/** each visitor day's signals, in the order asked */
export async function readVisitorDaySignals(
  reader: VisitorDayReader,
  days: readonly VisitorDay[],
): Promise<VisitorDaySignals[]> {
  if (days.length === 0) return [];
  return (await reader.visitorDays(days)).map(signalsOf);
}
