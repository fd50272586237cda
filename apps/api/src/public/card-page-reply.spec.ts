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
