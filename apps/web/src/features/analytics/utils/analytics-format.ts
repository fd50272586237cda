import type { VisitItem } from '@cardcraft/contracts';

/** the largest counts first, at most `limit` (ties keep the map's order) */
export function topEntries(
  map: Record<string, number> | null | undefined,
  limit?: number,
): [string, number][] {
  const entries = Object.entries(map ?? {}).filter(([, n]) => typeof n === 'number' && n > 0);
  entries.sort((a, b) => b[1] - a[1]);
  return limit === undefined ? entries : entries.slice(0, limit);
}

/** a whole-number share of the total visits */
export function percentOf(count: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.round((count / total) * 100);
}

// the countries that get a flag; everything else shows a globe
const FLAG_COUNTRIES: Record<string, string> = {
  US: 'United States',
  GB: 'United Kingdom',
  CA: 'Canada',
  AU: 'Australia',
  NZ: 'New Zealand',
  IE: 'Ireland',
  DE: 'Germany',
  FR: 'France',
  ES: 'Spain',
  IT: 'Italy',
  PT: 'Portugal',
  NL: 'Netherlands',
  BE: 'Belgium',
  CH: 'Switzerland',
  AT: 'Austria',
  SE: 'Sweden',
  NO: 'Norway',
  DK: 'Denmark',
  FI: 'Finland',
  PL: 'Poland',
  UA: 'Ukraine',
  TR: 'Turkey',
  IL: 'Israel',
  AE: 'United Arab Emirates',
  IN: 'India',
  CN: 'China',
  JP: 'Japan',
  KR: 'South Korea',
  SG: 'Singapore',
  BR: 'Brazil',
  MX: 'Mexico',
  AR: 'Argentina',
  ZA: 'South Africa',
  NG: 'Nigeria',
  KE: 'Kenya',
  EG: 'Egypt',
};

export const GLOBE = '\u{1F310}';

function codeFor(country: string): string | null {
  const value = country.trim();
  if (/^[a-z]{2}$/i.test(value)) return value.toUpperCase();
  const byName = Object.entries(FLAG_COUNTRIES).find(
    ([, name]) => name.toLowerCase() === value.toLowerCase(),
  );
  return byName ? byName[0] : null;
}

/** the flag emoji of a listed country (ISO code or English name), else a globe */
export function flagFor(country: string | null | undefined): string {
  const code = country ? codeFor(country) : null;
  if (!code || !(code in FLAG_COUNTRIES)) return GLOBE;
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

let regionNames: Intl.DisplayNames | null | undefined;

/** a readable country name for an ISO code; other values are shown as they are */
export function countryName(country: string): string {
  const value = country.trim();
  if (!/^[a-z]{2}$/i.test(value)) return value;
  const code = value.toUpperCase();
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  return regionNames?.of(code) ?? FLAG_COUNTRIES[code] ?? code;
}

/** 'city, country', the country alone, or 'Unknown location' */
export function locationText(visit: Pick<VisitItem, 'city' | 'country'>): string {
  const city = visit.city?.trim();
  const country = visit.country?.trim() ? countryName(visit.country) : '';
  if (city && country) return `${city}, ${country}`;
  if (country) return country;
  return 'Unknown location';
}

/** 'Registered User' or 'Anonymous Guest', exactly */
export function visitorLabel(visit: Pick<VisitItem, 'visitorType'>): string {
  return visit.visitorType === 'authenticated' ? 'Registered User' : 'Anonymous Guest';
}

/** a registered visitor's name, when the api shares it ('Show Identified Visitors'): shown next to the label */
export function visitorName(visit: Pick<VisitItem, 'visitorType' | 'visitorName'>): string | null {
  if (visit.visitorType !== 'authenticated') return null;
  return visit.visitorName?.trim() || null;
}

export type DeviceKind = 'mobile' | 'tablet' | 'desktop';

/** mobile for names with mobile or phone, tablet for tablet, else desktop */
export function deviceKind(name: string): DeviceKind {
  const n = name.toLowerCase();
  if (n.includes('mobile') || n.includes('phone')) return 'mobile';
  if (n.includes('tablet')) return 'tablet';
  return 'desktop';
}

export function referrerLabel(referrer: string): string {
  return referrer.trim() === '' ? 'Direct' : referrer;
}

export function capitalize(value: string): string {
  return value ? value[0].toUpperCase() + value.slice(1) : value;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** '3 minutes ago', 'yesterday', 'just now' */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}

/** the engagement counts shown under the chart, in the spec's words */
export const ENGAGEMENT_LABELS = [
  { type: 'vcard_saved', label: 'Saves' },
  { type: 'shared', label: 'Shares' },
  { type: 'email_clicked', label: 'Email clicks' },
  { type: 'call_clicked', label: 'Calls' },
  { type: 'link_clicked', label: 'Link clicks' },
  { type: 'message_sent', label: 'Messages' },
] as const;

/** how visitors arrived, from the src of the card's address or what the worker read from the visit */
const CHANNEL_LABELS: Record<string, string> = {
  qr: 'QR code',
  share: 'Shared link',
  email: 'E-mail signature',
  signature: 'E-mail signature',
  wallet: 'Apple Wallet',
  'google-wallet': 'Google Wallet',
  nfc: 'NFC tag',
  direct: 'Direct',
  referral: 'Another site',
  campaign: 'Campaign (UTM)',
};

export function channelLabel(channel: string): string {
  return CHANNEL_LABELS[channel] ?? capitalize(channel);
}

export const FUNNEL_LABELS = {
  viewed: 'Viewed the card',
  saved_or_shared: 'Saved the contact or shared',
  clicked: 'Clicked a link, e-mail or call',
  messaged: 'Sent a message',
} as const;

/** +12.5 %, -3 %, or "new" when the period before had none */
export function changeText(change: number | null, now: number): string {
  if (change === null) return now > 0 ? 'new' : 'no change';
  if (change === 0) return 'no change';
  return `${change > 0 ? '+' : ''}${change} %`;
}

/** "1.2 %" of a 0..1 share, one decimal, or a dash when there is no base */
export function shareText(share: number | null): string {
  if (share === null) return '–';
  return `${Math.round(share * 1000) / 10} %`;
}
