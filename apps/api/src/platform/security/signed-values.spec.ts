import { createHmac } from 'node:crypto';
import { signatureMatches, signValue } from './signed-values';

const SECRET = 'a-secret-that-is-long-enough-for-the-test';

describe('signed values', () => {
  it('signs a value for one purpose, and reads the same signature back only for it', () => {
    const signed = signValue(SECRET, 'end-session', '0123456789abcdef01234567');
    expect(signed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signatureMatches(SECRET, 'end-session', '0123456789abcdef01234567', signed)).toBe(true);
    expect(signatureMatches(SECRET, 'sign-in-challenge', '0123456789abcdef01234567', signed)).toBe(false);
    expect(signatureMatches(SECRET, 'end-session', '0123456789abcdef01234568', signed)).toBe(false);
    expect(
      signatureMatches(
        'another-secret-that-is-long-enough-too',
        'end-session',
        '0123456789abcdef01234567',
        signed,
      ),
    ).toBe(false);
    expect(signatureMatches(SECRET, 'end-session', '0123456789abcdef01234567', signed.slice(1))).toBe(false);
    expect(signatureMatches(SECRET, 'end-session', '0123456789abcdef01234567', `${signed}A`)).toBe(false);
  });

  it('signs as the links already mailed were signed, so they keep working', () => {
    const before = createHmac('sha256', SECRET)
      .update('cardcraft:analytics-mail-unsubscribe:report:0123456789abcdef01234567')
      .digest('base64url');
    expect(signValue(SECRET, 'analytics-mail-unsubscribe', 'report:0123456789abcdef01234567')).toBe(before);
  });
});
