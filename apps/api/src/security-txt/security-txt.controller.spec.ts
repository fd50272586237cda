import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../platform/config/app-config';
import { apiUnderTest } from '../platform/testing/test-app';
import { securityTxt } from './security-txt.controller';

const dataDir = () => mkdtempSync(join(tmpdir(), 'cardcraft-security-txt-'));

/** the fields of a security.txt, by name */
const fields = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
  );

describe('security.txt (RFC 9116)', () => {
  it('says where to report, in which language, where it lives and until when (within a year)', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const text = securityTxt(
      { securityContact: 'mailto:security@cards.example.test', publicBaseUrl: 'https://cards.example.test' },
      now,
    );
    expect(fields(text)).toEqual({
      Contact: 'mailto:security@cards.example.test',
      Expires: '2027-05-26T10:00:00.000Z',
      'Preferred-Languages': 'en',
      Canonical: 'https://cards.example.test/.well-known/security.txt',
    });
    expect(text.endsWith('\n')).toBe(true);
  });

  it('takes SECURITY_CONTACT, defaults to security@ the public host, and refuses anything else', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), PUBLIC_BASE_URL: 'https://cards.example.test' }).securityContact,
    ).toBe('mailto:security@cards.example.test');
    expect(
      loadConfig({ DATA_DIR: dataDir(), SECURITY_CONTACT: 'https://example.com/report' }).securityContact,
    ).toBe('https://example.com/report');
    for (const wrong of ['security@example.com', 'http://example.com/report', 'mailto:nobody'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), SECURITY_CONTACT: wrong })).toThrow(
        `SECURITY_CONTACT must be a mailto: address or an https: address, like mailto:security@example.com (got "${wrong}")`,
      );
  });

  describe('served', () => {
    const { http } = apiUnderTest('sqlite', {
      PUBLIC_BASE_URL: 'https://cards.example.test',
      SECURITY_CONTACT: 'mailto:report@cards.example.test',
    });

    it('at /.well-known/security.txt as plain text, with the security headers, to anyone', async () => {
      const response = await http.get('/.well-known/security.txt');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const text = fields(response.text);
      expect(text.Contact).toBe('mailto:report@cards.example.test');
      expect(text.Canonical).toBe('https://cards.example.test/.well-known/security.txt');
      const expires = Date.parse(text.Expires ?? '');
      expect(expires).toBeGreaterThan(Date.now() + 150 * 86_400_000);
      expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
      // and nowhere under the api's prefix
      expect((await http.get('/api/.well-known/security.txt')).status).toBe(404);
    });
  });
});
