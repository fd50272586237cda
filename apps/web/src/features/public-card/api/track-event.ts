import type { EngagementEventType } from '@cardcraft/contracts/analytics.dto';
import { buildUrl } from '@/lib/api-client';
import { getAccessToken } from '@/lib/session';
import { getVisitorId } from '@/lib/storage';

/**
 * records an engagement event without waiting for it. sendBeacon cannot carry the visitor and bearer
 * headers, so this is a keepalive fetch: it survives the page being left (a mailto or a new tab).
 */
export function trackEvent(profileId: string, type: EngagementEventType, target?: string | null): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const visitorId = getVisitorId();
  if (visitorId) headers['X-Visitor-Id'] = visitorId;
  const body = JSON.stringify(target ? { type, target: target.slice(0, 2048) } : { type });
  try {
    void fetch(buildUrl(`/api/public/profiles/${encodeURIComponent(profileId)}/events`), {
      method: 'POST',
      headers,
      body,
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // analytics must never break the card
  }
}
