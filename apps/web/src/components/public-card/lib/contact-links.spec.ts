import { displayUrl, mailHref, telHref, websiteHref } from './contact-links';

describe('contact links', () => {
  it('builds a mail link', () => {
    expect(mailHref(' ada@example.com ')).toBe('mailto:ada@example.com');
  });

  it('keeps only digits and a leading plus in a call link', () => {
    expect(telHref('+44 (20) 7946-0000')).toBe('tel:+442079460000');
    expect(telHref('030 1234')).toBe('tel:0301234');
  });

  it('accepts a website with or without its scheme', () => {
    expect(websiteHref('ada.dev')).toBe('https://ada.dev/');
    expect(websiteHref('http://ada.dev/work')).toBe('http://ada.dev/work');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref(' ')).toBeNull();
  });

  it('shows an address without scheme, www and trailing slash', () => {
    expect(displayUrl('https://www.ada.dev/')).toBe('ada.dev');
    expect(displayUrl('http://ada.dev/work')).toBe('ada.dev/work');
  });
});
