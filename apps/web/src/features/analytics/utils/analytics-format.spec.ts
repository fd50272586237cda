import {
  channelLabel,
  deviceKind,
  flagFor,
  locationText,
  percentOf,
  referrerLabel,
  relativeTime,
  topEntries,
  visitorLabel,
  visitorName,
} from './analytics-format';

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
    expect(locationText({ city: 'Berlin', country: 'DE' })).toBe('Berlin, Germany');
    expect(locationText({ city: null, country: 'FR' })).toBe('France');
    expect(locationText({ city: 'Paris', country: null })).toBe('Unknown location');
    expect(locationText({ city: null, country: null })).toBe('Unknown location');
  });

  it("labels visitors exactly 'Registered User' or 'Anonymous Guest'; a shared name comes apart", () => {
    expect(visitorLabel({ visitorType: 'authenticated' })).toBe('Registered User');
    expect(visitorLabel({ visitorType: 'guest' })).toBe('Anonymous Guest');
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
    expect(referrerLabel('')).toBe('Direct');
    expect(referrerLabel('google.com')).toBe('google.com');
  });

  it('writes relative times', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    expect(relativeTime('2026-11-22T09:59:50.000Z', now)).toBe('just now');
    expect(relativeTime('2026-11-22T09:57:00.000Z', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-11-21T10:00:00.000Z', now)).toBe('yesterday');
  });
});

describe('channel labels', () => {
  it('names the channels the product puts in its links, and shows any other as written', () => {
    expect(channelLabel('qr')).toBe('QR code');
    expect(channelLabel('share')).toBe('Shared link');
    expect(channelLabel('signature')).toBe('E-mail signature');
    expect(channelLabel('wallet')).toBe('Apple Wallet');
    expect(channelLabel('google-wallet')).toBe('Google Wallet');
    expect(channelLabel('newsletter')).toBe('Newsletter');
  });
});
