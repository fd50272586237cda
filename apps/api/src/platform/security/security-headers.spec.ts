import { EMBED_FRAME_ORIGINS } from '@cardcraft/contracts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpClient, HttpResult } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';
import { CONTENT_SECURITY_POLICY } from './content-security-policy';
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from './security-headers';

/** a built web app in miniature: the page, a hashed script and a file at the root */
function webDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'cardcraft-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Cardcraft</title><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("app")');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  return dist;
}

/** one answer of every kind the server gives */
const ANSWERS: [string, (http: HttpClient) => Promise<HttpResult>, number][] = [
  ['the SPA at /', (http) => http.get('/'), 200],
  ['a page the SPA routes (/dashboard)', (http) => http.get('/dashboard'), 200],
  // the card pages are rendered on the server; this miniature web app has no server build
  ['the card page without its server build', (http) => http.get('/u/someone'), 503],
  ['a hashed script', (http) => http.get('/assets/app-1234.js'), 200],
  ['a file at the root', (http) => http.get('/robots.txt'), 200],
  ['a missing asset', (http) => http.get('/assets/gone-999.js'), 404],
  ['a JSON answer', (http) => http.get('/api/health'), 200],
  ['a JSON error', (http) => http.get('/api/not-a-route'), 404],
  ['a refused body', (http) => http.post('/api/auth/login', { body: { email: 'x' } }), 400],
  ['the API docs', (http) => http.get('/api/docs'), 200],
];

/** the directives of a policy header, by name */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('security headers with an https public address', () => {
  const { http } = apiUnderTest('sqlite', {
    WEB_DIST_DIR: webDist(),
    PUBLIC_BASE_URL: 'https://cards.example.test',
  });

  it.each(ANSWERS)('are on %s, with HSTS', async (_, send, status) => {
    const response = await send(http);
    expect(response.status).toBe(status);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect([name, response.headers.get(name)]).toEqual([name, value]);
    expect(response.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    // set once, by helmet, not also by hand
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('send the strict policy: own scripts only, no framing of us, frames only from the embed allowlist', async () => {
    const response = await http.get('/');
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toBe(CONTENT_SECURITY_POLICY);
    expect(directives(policy)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'frame-src': Object.values(EMBED_FRAME_ORIGINS),
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
    });
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('permissions-policy')).toMatch(/(^|, )camera=\(\)/);
    expect(response.headers.get('permissions-policy')).toMatch(/(^|, )microphone=\(\)/);
    expect(response.headers.get('permissions-policy')).toMatch(/(^|, )geolocation=\(\)/);
  });
});

describe('security headers with an http public address', () => {
  const { http } = apiUnderTest('sqlite', {
    WEB_DIST_DIR: webDist(),
    PUBLIC_BASE_URL: 'http://192.168.1.20:3000',
  });

  it.each(ANSWERS)('are on %s, without HSTS', async (_, send, status) => {
    const response = await send(http);
    expect(response.status).toBe(status);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect([name, response.headers.get(name)]).toEqual([name, value]);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});
