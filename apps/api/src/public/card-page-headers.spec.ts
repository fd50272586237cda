import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from '../security/security-headers';
import { createProfile, registerUser, type HttpResult } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';

// the built web app: `npm run build:web` (npm test builds it before jest runs)
const WEB_DIST = resolve(__dirname, '../../../web/dist');
if (!existsSync(join(WEB_DIST, '..', 'dist-ssr', 'render-card.js'))) {
  throw new Error('apps/web/dist-ssr/render-card.js is missing: run `npm run build:web` first');
}

// what an answer says about its own body or connection; every other header is the server's policy
const PER_ANSWER = new Set([
  'accept-ranges',
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'transfer-encoding',
  'vary',
  'x-request-id',
]);

/** the headers of an answer that are not about its body: the security headers and whatever else */
function policyHeaders(response: HttpResult): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => !PER_ANSWER.has(name)));
}

// the card page writes a precomputed header set instead of running helmet per request: a browser
// must see exactly what every other page of the server sends
describe.each([
  ['https', 'https://cards.example.test'],
  ['http', 'http://192.168.1.20:3000'],
])('the card page headers with an %s public address', (scheme, publicBaseUrl) => {
  const { http } = apiUnderTest('sqlite', { WEB_DIST_DIR: WEB_DIST, PUBLIC_BASE_URL: publicBaseUrl });
  let handle: string;

  beforeAll(async () => {
    const owner = await registerUser(http);
    handle = (await createProfile(http, owner.accessToken, { published: true })).handle;
  });

  it('are the same as on an SPA page, on the card, its 304 and the not-found page', async () => {
    const spa = policyHeaders(await http.get('/dashboard'));
    const expected = {
      ...SECURITY_HEADERS,
      ...(scheme === 'https' ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
    };
    expect(spa).toEqual(expected);

    const card = await http.get(`/u/${handle}`, { headers: { 'accept-encoding': 'br' } });
    expect(card.status).toBe(200);
    expect(policyHeaders(card)).toEqual(spa);

    const revalidated = await http.get(`/u/${handle}`, {
      headers: { 'if-none-match': card.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    expect(policyHeaders(revalidated)).toEqual(spa);

    const missing = await http.get('/u/nobody-has-this-handle');
    expect(missing.status).toBe(404);
    expect(policyHeaders(missing)).toEqual(spa);
  });

  it('carry one request id per answer, unique, and a valid incoming one is kept', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await http.get(`/u/${handle}`)).headers.get('x-request-id')!);
    expect(ids.size).toBe(5);
    const kept = await http.get(`/u/${handle}`, { headers: { 'x-request-id': 'trace-me-42' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-me-42');
  });
});
