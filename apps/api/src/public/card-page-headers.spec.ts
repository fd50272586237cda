import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from '../platform/security/security-headers';
import { createProfile, registerUser, type HttpClient, type HttpResult } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { BUILT_WEB_DIST } from '../platform/testing/paths';

// the built web app: `npm run build:web` (npm test builds it before jest runs)
if (!existsSync(join(BUILT_WEB_DIST, '..', 'dist-ssr', 'render-card.js'))) {
  throw new Error('apps/web/dist-ssr/render-card.js is missing: run `npm run build:web` first');
}

// what an answer says about its own body or connection; every other header is the server's policy
const PER_ANSWER = new Set([
  'accept-ranges',
  'cache-control',
  'connection',
  'content-disposition',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'retry-after',
  'transfer-encoding',
  'vary',
  'x-request-id',
]);

/** the headers of an answer that are not about its body: the security headers and whatever else */
function policyHeaders(response: HttpResult): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => !PER_ANSWER.has(name)));
}

// a header the application adds to every answer (AnswerHeaders, the one place for such headers)
const ADDED = { name: 'x-added-by-the-app', value: 'reaches every answer' };

type Send = (http: HttpClient, handle: string) => Promise<HttpResult>;

/** one answer of every kind a card's addresses give, with the status it has */
const CARD_ANSWERS: [string, Send, number][] = [
  ['the page', (http, handle) => http.get(`/u/${handle}`, { headers: { 'accept-encoding': 'br' } }), 200],
  [
    // the second visit of a guest is answered by the pipeline's entry before fastify
    'the kept page, answered before fastify',
    async (http, handle) => {
      await http.get(`/u/${handle}`);
      return http.get(`/u/${handle}`, { headers: { 'accept-encoding': 'gzip' } });
    },
    200,
  ],
  [
    'the kept page revalidated, before fastify',
    async (http, handle) => {
      const page = await http.get(`/u/${handle}`);
      return http.get(`/u/${handle}`, { headers: { 'if-none-match': page.headers.get('etag')! } });
    },
    304,
  ],
  [
    'the page to a signed-in visitor',
    async (http, handle) => {
      const visitor = await registerUser(http);
      return http.get(`/u/${handle}`, { cookie: visitor.accessToken });
    },
    200,
  ],
  ['the page to HEAD', (http, handle) => http.request('HEAD', `/u/${handle}`), 200],
  ['the not-found page', (http) => http.get('/u/nobody-has-this-handle'), 404],
  ['the contact file', (http, handle) => http.get(`/u/${handle}/contact.vcf`), 200],
  [
    'the message form posted with a field missing',
    (http, handle) =>
      http.post(`/u/${handle}/message`, {
        rawBody: 'email=ada%40example.com',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    400,
  ],
  ['the preview image', (http, handle) => http.get(`/u/${handle}/preview.png`), 200],
  ['the preview of an unknown card', (http) => http.get('/u/nobody-has-this-handle/preview.png'), 404],
  ['the JSON read', (http, handle) => http.get(`/api/public/profiles/${handle}`), 200],
  [
    // a guest's second read of a card's JSON is answered by the pipeline's entry before fastify
    'the kept JSON read, answered before fastify',
    async (http, handle) => {
      await http.get(`/api/public/profiles/${handle}`);
      return http.get(`/api/public/profiles/${handle}`);
    },
    200,
  ],
  [
    'the JSON read of an unknown card',
    (http) => http.get('/api/public/profiles/nobody-has-this-handle'),
    404,
  ],
  [
    'the JSON read refusing a parameter',
    (http, handle) => http.get(`/api/public/profiles/${handle}?nope=1`),
    400,
  ],
];

// every answer of a card comes from the one pipeline, through fastify's routes or its entry before
// fastify: whatever the application puts on every answer (its policy, its request id, a header it
// adds) is there, and nothing else: a header an SPA page got and a card answer did not fails this
describe.each([
  ['https', 'https://cards.example.test'],
  ['http', 'http://192.168.1.20:3000'],
])('the headers of every card answer with an %s public address', (scheme, publicBaseUrl) => {
  const { http } = apiUnderTest(
    'sqlite',
    { WEB_DIST_DIR: BUILT_WEB_DIST, PUBLIC_BASE_URL: publicBaseUrl },
    { answerHeaders: { [ADDED.name]: ADDED.value } },
  );
  let handle: string;
  let spa: Record<string, string>;

  beforeAll(async () => {
    const owner = await registerUser(http);
    handle = (await createProfile(http, owner.accessToken, { published: true })).handle;
    spa = policyHeaders(await http.get('/dashboard'));
  });

  it('on an SPA page are the security headers and the added one', () => {
    expect(spa).toEqual({
      ...SECURITY_HEADERS,
      ...(scheme === 'https' ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
      [ADDED.name]: ADDED.value,
    });
  });

  it.each(CARD_ANSWERS)('are the same on %s', async (_, send, status) => {
    const response = await send(http, handle);
    expect(response.status).toBe(status);
    const { 'content-security-policy': policy, ...rest } = policyHeaders(response);
    const { 'content-security-policy': spaPolicy, ...spaRest } = spa;
    expect(rest).toEqual(spaRest);
    // a rendered page names its own styles by hash; every other answer has the SPA's policy
    const page = response.headers.get('content-type')?.startsWith('text/html') ?? false;
    if (!page) expect(policy).toBe(spaPolicy);
    else {
      expect(policy).not.toContain("'unsafe-inline'");
      expect(policy?.replace(/style-src [^;]*/, '')).toBe(spaPolicy?.replace(/style-src [^;]*/, ''));
      expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    }
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carry one request id per answer, unique, and a valid incoming one is kept', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await http.get(`/u/${handle}`)).headers.get('x-request-id')!);
    expect(ids.size).toBe(5);
    const kept = await http.get(`/u/${handle}`, { headers: { 'x-request-id': 'trace-me-42' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-me-42');
  });
});
