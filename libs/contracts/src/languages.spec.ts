import { LANGUAGES, languageOfTag, negotiateLanguage } from './languages';

describe("a request's language", () => {
  it('reads a tag by its primary subtag, in any case, and refuses what the product does not speak', () => {
    expect(languageOfTag('pt-BR')).toBe('pt');
    expect(languageOfTag('DE_at')).toBe('de');
    expect(languageOfTag('ja')).toBe('ja');
    expect(languageOfTag('zh-Hant')).toBeNull();
    expect(languageOfTag('')).toBeNull();
    expect(languageOfTag(undefined)).toBeNull();
  });

  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', 'fr'],
    // the highest weight wins, whatever the order
    ['en;q=0.3, tr;q=0.9', 'tr'],
    // a language not spoken here is passed over for the next one that is
    ['zh-CN, zh;q=0.9, nl;q=0.8', 'nl'],
    // equal weights: the header's order
    ['it, es', 'it'],
    // q=0 means "not this one"; a malformed weight is ignored
    ['pl;q=0, es;q=0.1', 'es'],
    ['ja;q=abc, pt;q=0.4', 'pt'],
    ['*', 'en'],
    ['zh, ko', 'en'],
  ])('chooses from Accept-Language %p: %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });

  it('never fails on a hostile header', () => {
    expect(LANGUAGES).toContain(negotiateLanguage(`${'x'.repeat(10_000)};q=1,,,;;;=`));
    expect(negotiateLanguage(';q=1, -, q, de;q=1.5, es;q=0.5')).toBe('es');
  });
});
