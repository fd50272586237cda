import { v7 as uuidv7 } from 'uuid';
import type { EventType } from '@cardcraft/contracts';
import type { AnalyticsEvent } from '../events';

/** real user agents, as browsers send them */
export const USER_AGENTS = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
} as const;

/** ips whose country the shipped GeoLite2 database knows (checked against it) */
export const IPS = {
  us: '8.8.8.8',
  gbBracknell: '81.2.69.160',
  deNuremberg: '78.46.0.1',
  brPortoAlegre: '2.16.0.1',
  usV6: '2001:4860:4860::8888',
  unknown: '127.0.0.1',
} as const;

/** an event with everything defaulted; tests override what they check */
export function sampleEvent(overrides: Partial<AnalyticsEvent> & { profileId: string }): AnalyticsEvent {
  const ts = overrides.ts ?? new Date().toISOString();
  return {
    id: uuidv7({ msecs: Date.parse(ts) }),
    ts,
    type: 'view' as EventType,
    userId: null,
    userAgent: USER_AGENTS.windowsChrome,
    referrer: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    channel: null,
    target: null,
    ip: IPS.us,
    collectGeo: true,
    collectIp: true,
    ...overrides,
    authenticated: overrides.authenticated ?? (overrides.userId !== undefined && overrides.userId !== null),
  };
}
