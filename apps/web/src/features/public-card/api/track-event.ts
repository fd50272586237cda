import type { EngagementEventType } from '@cardcraft/contracts/analytics.dto';
import { buildUrl } from '@/lib/api-client';

/**
 * records an engagement event without waiting for it: a keepalive fetch survives the page being left
 * (a mailto or a new tab). the session cookie goes along on the same origin, so a signed-in viewer is
 * still known; nothing else identifies the visitor.
 */
export function trackEvent(profileId: string, type: EngagementEventType, target?: string | null): void {
  const body = JSON.stringify(target ? { type, target: target.slice(0, 2048) } : { type });
  try {
    void fetch(buildUrl(`/api/public/profiles/${encodeURIComponent(profileId)}/events`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // analytics must never break the card
  }
}
