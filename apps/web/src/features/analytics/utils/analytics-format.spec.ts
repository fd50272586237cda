import i18next from 'i18next';
import {
  changeText,
  channelLabel,
  deviceKind,
  flagFor,
  locationText,
  percentOf,
  referrerLabel,
  relativeTime,
  shareText,
  topEntries,
  visitorLabel,
  visitorName,
} from './analytics-format';

const t = i18next.getFixedT('en', 'analytics');
const de = i18next.getFixedT('de', 'analytics');

beforeAll(() => i18next.loadLanguages('de'));

describe('analytics formatting', () => {
  it('takes the top entries by count', () => {
    const map = { DE: 3, US: 9, FR: 1, GB: 5, ES: 2, IT: 4, PT: 7, NL: 0 };
    expect(topEntries(map, 6).map(([k]) => k)).toEqual(['US', 'PT', 'GB', 'IT', 'DE', 'ES']);
    expect(topEntries({}, 5)).toEqual([]);
  });

  it('gives whole-number percentages of total visits', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('shows a flag for listed countries and a globe otherwise', () => {
    expect(flagFor('US')).toBe('🇺🇸');
    expect(flagFor('gb')).toBe('🇬🇧');
    expect(flagFor('Germany')).toBe('🇩🇪');
    expect(flagFor('XK')).toBe('🌐');
    expect(flagFor(null)).toBe('🌐');
  });

  it('writes the location as city and country, country alone, or unknown', () => {
    expect(locationText({ city: 'Berlin', country: 'DE' }, t, 'en')).toBe('Berlin, Germany');
    expect(locationText({ city: null, country: 'FR' }, t, 'en')).toBe('France');
    expect(locationText({ city: 'Paris', country: null }, t, 'en')).toBe('Unknown location');
    expect(locationText({ city: null, country: null }, t, 'en')).toBe('Unknown location');
  });

  it("labels visitors exactly 'Registered User' or 'Anonymous Guest'; a shared name comes apart", () => {
    expect(visitorLabel({ visitorType: 'authenticated' }, t)).toBe('Registered User');
    expect(visitorLabel({ visitorType: 'guest' }, t)).toBe('Anonymous Guest');
    expect(visitorName({ visitorType: 'authenticated', visitorName: ' Grace ' })).toBe('Grace');
    expect(visitorName({ visitorType: 'authenticated', visitorName: null })).toBeNull();
    expect(visitorName({ visitorType: 'guest', visitorName: 'x' })).toBeNull();
  });

  it('maps device names to icons', () => {
    expect(deviceKind('mobile')).toBe('mobile');
    expect(deviceKind('iPhone')).toBe('mobile');
    expect(deviceKind('Tablet')).toBe('tablet');
    expect(deviceKind('desktop')).toBe('desktop');
    expect(deviceKind('tv')).toBe('desktop');
  });

  it('labels an empty referrer as Direct', () => {
    expect(referrerLabel('', t)).toBe('Direct');
    expect(referrerLabel('google.com', t)).toBe('google.com');
  });

  it('writes relative times', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    expect(relativeTime('2026-11-22T09:59:50.000Z', t, 'en', now)).toBe('just now');
    expect(relativeTime('2026-11-22T09:57:00.000Z', t, 'en', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-11-21T10:00:00.000Z', t, 'en', now)).toBe('yesterday');
  });
});

describe('channel labels', () => {
  it('names the channels the product puts in its links, and shows any other as written', () => {
    expect(channelLabel('qr', t)).toBe('QR code');
    expect(channelLabel('share', t)).toBe('Shared link');
    expect(channelLabel('signature', t)).toBe('E-mail signature');
    expect(channelLabel('wallet', t)).toBe('Apple Wallet');
    expect(channelLabel('google-wallet', t)).toBe('Google Wallet');
    expect(channelLabel('newsletter', t)).toBe('Newsletter');
  });
});

describe('figures in the language', () => {
  it('writes changes and shares as the product always has in English', () => {
    expect(changeText(25, 40, t, 'en')).toBe('+25 %');
    expect(changeText(-12.5, 7, t, 'en')).toBe('-12.5 %');
    expect(changeText(null, 6, t, 'en')).toBe('new');
    expect(changeText(0, 6, t, 'en')).toBe('no change');
    expect(shareText(0.175, t, 'en')).toBe('17.5 %');
    expect(shareText(null, t, 'en')).toBe('–');
  });

  it('writes them in German with its decimal comma, its words and its country names', () => {
    expect(changeText(-12.5, 7, de, 'de')).toBe('-12,5 %');
    expect(changeText(null, 6, de, 'de')).toBe('neu');
    expect(shareText(0.175, de, 'de')).toBe('17,5 %');
    expect(locationText({ city: 'Köln', country: 'DE' }, de, 'de')).toBe('Köln, Deutschland');
    expect(relativeTime('2026-11-21T10:00:00.000Z', de, 'de', new Date('2026-11-22T10:00:00.000Z'))).toBe(
      'gestern',
    );
    expect(visitorLabel({ visitorType: 'guest' }, de)).toBe('Anonymer Gast');
    expect(channelLabel('qr', de)).toBe('QR-Code');
  });
});
