import { preferredEncoding, viewContext } from './card-page-reply';

describe('the card page reply', () => {
  it.each<[string | undefined, string]>([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', 'identity'],
    ['deflate', 'identity'],
    [undefined, 'identity'],
  ])('answers %j with %s', (acceptEncoding, encoding) => {
    expect(preferredEncoding(acceptEncoding)).toBe(encoding);
  });

  it('answers the same when a header comes again, and beyond the headers it keeps', () => {
    for (let round = 0; round < 3; round++) {
      expect(preferredEncoding('gzip, deflate, br')).toBe('br');
      expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    }
    for (let i = 0; i < 100; i++) {
      expect(preferredEncoding(`gzip;q=0.5, deflate, x-${i}`)).toBe('gzip');
      expect(preferredEncoding(`x-custom-${i}`)).toBe('identity');
    }
    expect(preferredEncoding('br;q=0.0, gzip;q=0')).toBe('identity');
  });

  it('reads no view parameters from an address without a query', () => {
    expect(viewContext({})).toEqual({});
  });

  it('keeps the known view parameters, trimmed and cut to their size, and ignores the rest', () => {
    expect(
      viewContext({
        utm_source: ' news ',
        src: ['qr', 'link'],
        fbclid: 'x',
        utm_medium: 7,
        ref: 'r'.repeat(3000),
      }),
    ).toEqual({ utm_source: 'news', src: 'qr', ref: 'r'.repeat(2048) });
  });
});
