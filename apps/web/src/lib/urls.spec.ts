import { withScheme } from './urls';

describe('withScheme', () => {
  it.each([
    ['linkedin.com/in/x', 'https://linkedin.com/in/x'],
    ['example.com', 'https://example.com'],
    ['www.example.com:8080/a?b=c#d', 'https://www.example.com:8080/a?b=c#d'],
    ['//cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['  example.org  ', 'https://example.org'],
  ])('adds https:// to %s', (typed, expected) => {
    expect(withScheme(typed)).toBe(expected);
  });
  it.each([
    'https://example.com',
    'http://example.com',
    'mailto:ada@example.com',
    'tel:+44',
    'ada@example.com',
    'not an address',
    'localhost',
    '',
  ])('leaves %p as typed', (typed) => {
    expect(withScheme(typed)).toBe(typed);
  });
});
