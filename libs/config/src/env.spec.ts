import { ConfigError, envBoolean, envInteger, envOneOf, envText, envUrl, hideCredentials } from './env';

describe('the one environment parser', () => {
  it('reads blank as unset', () => {
    expect(envText({ A: '  ' }, 'A')).toBeUndefined();
    expect(envText({ A: ' x ' }, 'A')).toBe('x');
    expect(envInteger({ A: ' ' }, 'A', 7, 1, 10)).toBe(7);
    expect(envBoolean({}, 'A', true)).toBe(true);
    expect(envUrl({ A: '' }, 'A', ['http:'])).toBeNull();
  });

  it.each([
    ['true', true],
    ['1', true],
    ['YES', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ])('reads %p as %p', (raw, value) => {
    expect(envBoolean({ FLAG: raw }, 'FLAG', !value)).toBe(value);
  });

  it.each([
    [() => envBoolean({ FLAG: 'maybe' }, 'FLAG', true), /FLAG must be true or false \(got "maybe"\)/],
    [() => envInteger({ N: '1.5' }, 'N', 1, 1, 9), /N must be a whole number from 1 to 9 \(got "1.5"\)/],
    [() => envOneOf({ L: 'loud' }, 'L', ['a', 'b'] as const, 'a'), /L must be one of a, b \(got "loud"\)/],
    [() => envUrl({ U: 'nope' }, 'U', ['http:']), /U must be a URL \(got "nope"\)/],
    [() => envUrl({ U: 'ftp://x' }, 'U', ['http:', 'https:']), /U must start with http: or https:/],
  ])('stops with a ConfigError naming the variable (%#)', (read, message) => {
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(message);
  });

  it('drops trailing slashes of a URL and hides its credentials for logs', () => {
    expect(envUrl({ U: 'https://a.example//' }, 'U', ['https:'])).toBe('https://a.example');
    expect(envUrl({}, 'U', ['http:'], 'http://fallback')).toBe('http://fallback');
    expect(hideCredentials('redis://user:secret@redis:6379')).toBe('redis://***@redis:6379');
  });
});
