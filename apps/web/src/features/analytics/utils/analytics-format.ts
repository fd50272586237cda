import type { TFunction } from 'i18next';
import type { VisitItem } from '@cardcraft/contracts';
import type { Language } from '@cardcraft/contracts/languages';

/** the namespace of the analytics' words: the helpers ask for it, whichever namespace their `t` has */
export const ANALYTICS_NS = { ns: 'analytics' } as const;

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

const regionNames = new Map<Language, Intl.DisplayNames | null>();

function regionNamesIn(language: Language): Intl.DisplayNames | null {
  let names = regionNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(language, names);
  }
  return names;
}

/** a country's name in the language for an ISO code; other values are shown as they are */
export function countryName(country: string, language: Language): string {
  const value = country.trim();
  if (!/^[a-z]{2}$/i.test(value)) return value;
  const code = value.toUpperCase();
  return regionNamesIn(language)?.of(code) ?? FLAG_COUNTRIES[code] ?? code;
}

/** 'city, country', the country alone, or 'Unknown location' */
export function locationText(
  visit: Pick<VisitItem, 'city' | 'country'>,
  t: TFunction,
  language: Language,
): string {
  const city = visit.city?.trim();
  const country = visit.country?.trim() ? countryName(visit.country, language) : '';
  if (city && country) return `${city}, ${country}`;
  if (country) return country;
  return t('visitors.unknownLocation', ANALYTICS_NS);
}

/** 'Registered User' or 'Anonymous Guest', exactly (in English) */
export function visitorLabel(visit: Pick<VisitItem, 'visitorType'>, t: TFunction): string {
  return visit.visitorType === 'authenticated'
    ? t('visitors.registered', ANALYTICS_NS)
    : t('visitors.guest', ANALYTICS_NS);
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

/** the device kinds the worker records, in words; another value is shown capitalized */
export function deviceLabel(device: string, t: TFunction): string {
  return device === 'mobile' || device === 'tablet' || device === 'desktop'
    ? t(`devices.${device}`, ANALYTICS_NS)
    : capitalize(device);
}

export function referrerLabel(referrer: string, t: TFunction): string {
  return referrer.trim() === '' ? t('channels.direct', ANALYTICS_NS) : referrer;
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

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();

/** '3 minutes ago', 'yesterday', 'just now', in the language */
export function relativeTime(iso: string, t: TFunction, language: Language, now: Date = new Date()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return t('visitors.justNow', ANALYTICS_NS);
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}

/** the engagement counts shown under the chart, in this order; their words are `engagement.{type}` */
export const ENGAGEMENT_TYPES = [
  'vcard_saved',
  'shared',
  'email_clicked',
  'call_clicked',
  'link_clicked',
  'message_sent',
] as const;

/** how visitors arrived, from the src of the card's address or what the worker read from the visit */
const CHANNELS = ['qr', 'share', 'email', 'signature', 'nfc', 'direct', 'referral', 'campaign'] as const;
/** brand names, written the same in every language */
const BRAND_CHANNELS: Record<string, string> = {
  wallet: 'Apple Wallet',
  'google-wallet': 'Google Wallet',
};

export function channelLabel(channel: string, t: TFunction): string {
  if ((CHANNELS as readonly string[]).includes(channel)) return t(`channels.${channel}`, ANALYTICS_NS);
  return BRAND_CHANNELS[channel] ?? capitalize(channel);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let made = numberFormats.get(key);
  if (!made) {
    made = new Intl.NumberFormat(language, options);
    numberFormats.set(key, made);
  }
  return made;
}

/** a count as the language writes it: 1,234 or 1.234 */
export function formatNumber(value: number, language: Language): string {
  return numberFormat(language).format(value);
}

/** a 0..1 share as the language writes a percentage, at most one decimal: 12.5%, 12,5 %, %12,5 */
export function formatPercent(share: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** a figure already in per cent, at most `decimals` decimals, with "%" as the language places it: 12.5 % */
export function percentText(value: number, t: TFunction, language: Language, decimals = 1): string {
  const number = numberFormat(language, { maximumFractionDigits: decimals, useGrouping: false });
  return t('format.percent', { ...ANALYTICS_NS, value: number.format(value) });
}

/** +12.5 %, -3 %, or "new" when the period before had none */
export function changeText(change: number | null, now: number, t: TFunction, language: Language): string {
  if (change === null) return now > 0 ? t('change.new', ANALYTICS_NS) : t('change.none', ANALYTICS_NS);
  if (change === 0) return t('change.none', ANALYTICS_NS);
  const signed = numberFormat(language, {
    signDisplay: 'exceptZero',
    maximumFractionDigits: 1,
    useGrouping: false,
  });
  return t('format.percent', { ...ANALYTICS_NS, value: signed.format(change) });
}

/** "1.2 %" of a 0..1 share, one decimal, or a dash when there is no base */
export function shareText(share: number | null, t: TFunction, language: Language): string {
  if (share === null) return '–';
  return percentText(Math.round(share * 1000) / 10, t, language);
}
