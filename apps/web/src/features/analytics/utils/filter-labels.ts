import type { AnalyticsFilterKey } from '@cardcraft/contracts';
import { capitalize, channelLabel, countryName, referrerLabel } from './analytics-format';

/** a filter's key in words, as the chips and the rows' labels say it */
export const FILTER_LABELS: Record<AnalyticsFilterKey, string> = {
  country: 'Country',
  city: 'City',
  device: 'Device',
  browser: 'Browser',
  channel: 'Channel',
  referrer: 'Referrer',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  link: 'Link',
};

/** a filter's value as a person reads it: Germany for DE, QR code for qr, a link without its scheme */
export function filterValueText(key: AnalyticsFilterKey, value: string): string {
  switch (key) {
    case 'country':
      return countryName(value);
    case 'channel':
      return channelLabel(value);
    case 'device':
    case 'browser':
      return capitalize(value);
    case 'referrer':
      return referrerLabel(value);
    case 'link':
      return value.replace(/^https?:\/\//, '');
    default:
      return value;
  }
}

/** "Country is Germany" */
export function filterText(key: AnalyticsFilterKey, value: string): string {
  return `${FILTER_LABELS[key]} is ${filterValueText(key, value)}`;
}

/**
 * "Filter by country: ", what a screen reader hears before a row that adds the filter; the row's
 * visible words follow it, so its accessible name holds what is seen ("Filter by country: Germany 3")
 */
export function filterActionPrefix(key: AnalyticsFilterKey): string {
  const name = key.startsWith('utm_') ? FILTER_LABELS[key] : FILTER_LABELS[key].toLowerCase();
  return `Filter by ${name}: `;
}
