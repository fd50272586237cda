import type { TFunction } from 'i18next';
import type { AnalyticsFilterKey } from '@cardcraft/contracts';
import type { Language } from '@cardcraft/contracts/languages';
import {
  ANALYTICS_NS,
  channelLabel,
  countryName,
  deviceLabel,
  capitalize,
  referrerLabel,
} from './analytics-format';

/** a filter's key in words, as the chips and the rows' labels say it: Country, UTM source */
export function filterLabel(key: AnalyticsFilterKey, t: TFunction): string {
  return t(`filters.keys.${key}`, ANALYTICS_NS);
}

/** a filter's value as a person reads it: Germany for DE, QR code for qr, a link without its scheme */
export function filterValueText(
  key: AnalyticsFilterKey,
  value: string,
  t: TFunction,
  language: Language,
): string {
  switch (key) {
    case 'country':
      return countryName(value, language);
    case 'channel':
      return channelLabel(value, t);
    case 'device':
      return deviceLabel(value, t);
    case 'browser':
      return capitalize(value);
    case 'referrer':
      return referrerLabel(value, t);
    case 'link':
      return value.replace(/^https?:\/\//, '');
    default:
      return value;
  }
}

/** "Country is Germany" */
export function filterText(key: AnalyticsFilterKey, value: string, t: TFunction, language: Language): string {
  return t('filters.is', {
    ...ANALYTICS_NS,
    filter: filterLabel(key, t),
    value: filterValueText(key, value, t, language),
  });
}

/**
 * "Filter by country: ", what a screen reader hears before a row that adds the filter; the row's
 * visible words follow it, so its accessible name holds what is seen ("Filter by country: Germany 3")
 */
export function filterActionPrefix(key: AnalyticsFilterKey, t: TFunction): string {
  return `${t(`filters.by.${key}`, ANALYTICS_NS)} `;
}
