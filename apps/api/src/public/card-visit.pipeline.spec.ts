import { createLogger, type ServiceMetrics } from '@cardcraft/observability';
import { existsSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sampleValue } from '../../../../libs/observability/src/testing/exposition';
import { AnalyticsTracker } from '../analytics/analytics-tracker';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { ViewerResolver } from '../auth/viewer-resolver';
import type { RequestMeta } from '../platform/common/request-meta';
import { SERVICE_METRICS } from '../platform/observability/observability.tokens';
import { createProfile, fullProfileInput, registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { CardPagesService } from './card-pages.service';
import { CardVisitPipeline } from './card-visit.pipeline';
import { BUILT_WEB_DIST } from '../platform/testing/paths';

// the built web app: `npm run build:web` (npm test builds it before jest runs)
if (!existsSync(join(BUILT_WEB_DIST, '..', 'dist-ssr', 'render-card.js'))) {
  throw new Error('apps/web/dist-ssr/render-card.js is missing: run `npm run build:web` first');
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** one request as a browser sends it, the answer as it came over the wire (nothing decoded) */
function raw(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolvePromise, reject) => {
    const request = httpRequest(`${base}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolvePromise({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const decoded = (answer: RawAnswer): string => {
  const encoding = answer.headers['content-encoding'];
  const bytes =
    encoding === 'br'
      ? brotliDecompressSync(answer.body)
      : encoding === 'gzip'
        ? gunzipSync(answer.body)
        : answer.body;
  return bytes.toString('utf8');
};

describe('a card visit: one pipeline for every address of a card', () => {
  // the request lines, written at info as in the cluster
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    service: 'api',
    pretty: false,
    destination: { write: (line: string) => lines.push(line) },
  });
  const { app, http } = apiUnderTest(
    'sqlite',
    { WEB_DIST_DIR: BUILT_WEB_DIST, LOG_LEVEL: 'info' },
    { logger },
  );
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let renders: jest.SpyInstance;
  let views: jest.SpyInstance;
  let sessionReads: jest.SpyInstance;

  beforeAll(async () => {
    owner = await registerUser(http);
    // spies that call through: how often a page was rendered, what the tracker was given, and how
    // often a request's session was looked up
    renders = jest.spyOn(app().app.get(CardPagesService), 'page');
    views = jest.spyOn(app().app.get(AnalyticsTracker), 'recordView');
    sessionReads = jest.spyOn(app().app.get(ViewerResolver), 'resolve');
  });
  beforeEach(() => {
    renders.mockClear();
    views.mockClear();
    sessionReads.mockClear();
  });
  afterAll(() => jest.restoreAllMocks());

  const publishedCard = async () =>
    (await createProfile(http, owner.accessToken, { published: true })).handle;

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip, deflate'],
    ['identity', ''],
  ])('answers a guest the kept page, %s, and counts each visit once', async (encoding, acceptEncoding) => {
    const handle = await publishedCard();
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const first = await raw(app().url, `/u/${handle}`, headers);
    const second = await raw(app().url, `/u/${handle}`, headers);
    expect(second.status).toBe(200);
    expect(second.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(second.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body.equals(first.body)).toBe(true);
    expect(decoded(second)).toContain('Ada Lovelace');
    expect(Number(second.headers['content-length'])).toBe(second.body.length);
    // rendered once: the second visit got the kept page
    expect(renders).toHaveBeenCalledTimes(1);
    expect(views).toHaveBeenCalledTimes(2);
  });

  it('answers 304 to a browser that has the page, with the headers of the page and no body', async () => {
    const handle = await publishedCard();
    const first = await raw(app().url, `/u/${handle}`);
    const kept = await raw(app().url, `/u/${handle}`, { 'if-none-match': first.headers.etag as string });
    expect(kept.status).toBe(304);
    expect(kept.body.length).toBe(0);
    expect(kept.headers.etag).toBe(first.headers.etag);
    expect(kept.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    // a stale copy gets the page
    expect((await raw(app().url, `/u/${handle}`, { 'if-none-match': '"old"' })).status).toBe(200);
  });

  it('keeps a valid incoming request id and makes one otherwise', async () => {
    const handle = await publishedCard();
    const kept = await raw(app().url, `/u/${handle}`, { 'x-request-id': 'trace-me-42' });
    expect(kept.headers['x-request-id']).toBe('trace-me-42');
    const replaced = await raw(app().url, `/u/${handle}`, { 'x-request-id': 'no spaces <here>' });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one request line and one observation per card request, page and JSON read', async () => {
    const handle = await publishedCard();
    const metrics = app().app.get<symbol, ServiceMetrics>(SERVICE_METRICS);
    const count = async (route: string) => {
      const { body } = await metrics.render();
      return (
        sampleValue(body, 'cardcraft_public_card_reads_total', {
          service: 'api',
          route,
          status_code: '200',
        }) ?? 0
      );
    };
    const before = { page: await count('/u/:handle'), json: await count('/api/public/profiles/:handle') };
    lines.length = 0;
    await raw(app().url, `/u/${handle}?src=qr`, { 'x-request-id': 'the-page' });
    await raw(app().url, `/api/public/profiles/${handle}`, { 'x-request-id': 'the-json' });
    expect((await count('/u/:handle')) - before.page).toBe(1);
    expect((await count('/api/public/profiles/:handle')) - before.json).toBe(1);
    // a line is written as the answer ends, which the client may see a moment before
    const requestLines = () =>
      lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'request');
    for (let tries = 0; requestLines().length < 2 && tries < 100; tries++) {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 20));
    }
    expect(requestLines()).toEqual([
      expect.objectContaining({
        reqId: 'the-page',
        route: '/u/:handle',
        url: `/u/${handle}?src=qr`,
        status: 200,
      }),
      expect.objectContaining({ reqId: 'the-json', route: '/api/public/profiles/:handle', status: 200 }),
    ]);
  });

  it('records one view per visit with what the visitor sent, on the page and the JSON read alike', async () => {
    const handle = await publishedCard();
    const headers = {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1',
      referer: 'https://chat.example.test/thread',
      'x-forwarded-for': '81.2.69.160',
    };
    await raw(app().url, `/u/${handle}?utm_source=newsletter&src=qr&src=link&other=1`, headers);
    await raw(app().url, `/api/public/profiles/${handle}?utm_source=newsletter&src=qr`, headers);
    expect(views).toHaveBeenCalledTimes(2);
    const [page, json] = views.mock.calls as [unknown, unknown, RequestMeta, Record<string, unknown>][];
    const meta = {
      ip: '81.2.69.160',
      userAgent: headers['user-agent'],
      method: 'GET',
      refererHeader: headers.referer,
    };
    expect(page.slice(1, 3)).toEqual([null, meta]);
    expect(page[3]).toEqual({ utm_source: 'newsletter', src: 'qr' });
    expect(json.slice(1, 3)).toEqual([null, meta]);
    expect({ ...json[3] }).toEqual({ utm_source: 'newsletter', src: 'qr' });
  });

  it('resolves the viewer once per request: none for a guest, the session for a cookie or a bearer', async () => {
    const handle = await publishedCard();
    const visitor = await registerUser(http);
    // the set-up's own api calls read their sessions too
    sessionReads.mockClear();
    views.mockClear();
    const guest = await raw(app().url, `/u/${handle}`);
    expect(decoded(guest)).toContain('Guest View');
    const withCookie = await raw(app().url, `/u/${handle}`, {
      cookie: `theme=dark; ${SESSION_COOKIE}=${visitor.accessToken}`,
    });
    expect(decoded(withCookie)).toContain('Viewing as User');
    const bearer = await raw(app().url, `/u/${handle}`, { authorization: `Bearer ${visitor.accessToken}` });
    expect(decoded(bearer)).toContain('Viewing as User');
    const mine = await raw(app().url, `/u/${handle}`, { authorization: `Bearer ${owner.accessToken}` });
    expect(decoded(mine)).toContain('Your Profile');
    // an ended or forged session is a guest, never an error
    const forged = await raw(app().url, `/u/${handle}`, { cookie: `${SESSION_COOKIE}=not-a-session` });
    expect(forged.status).toBe(200);
    expect(forged.body.equals(guest.body)).toBe(true);
    expect(sessionReads).toHaveBeenCalledTimes(5);
    const sessions = await Promise.all(sessionReads.mock.results.map((result) => result.value));
    expect(sessions.map((session) => session?.userId ?? null)).toEqual([
      null,
      visitor.userId,
      visitor.userId,
      owner.userId,
      null,
    ]);
    // the owner's own look is not a visit
    expect(views.mock.calls.map((call) => call[1])).toEqual([
      null,
      visitor.userId,
      visitor.userId,
      owner.userId,
      null,
    ]);
  });

  it('answers HEAD without counting it, an unknown handle 404, and leaves a trailing slash to the web app', async () => {
    const handle = await publishedCard();
    const head = await raw(app().url, `/u/${handle}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBeDefined();
    expect(views).toHaveBeenCalledTimes(1);
    expect(views.mock.results[0].value).toBe(false);
    const missing = await raw(app().url, '/u/nobody-has-this-handle');
    expect(missing.status).toBe(404);
    expect(decoded(missing)).toContain('Profile not found');
    const slash = await raw(app().url, `/u/${handle}/`);
    expect(decoded(slash)).not.toContain('Ada Lovelace');
  });

  it('shows a change of the card at once', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const path = `/u/${profile.handle}`;
    await raw(app().url, path);
    const kept = await raw(app().url, path);
    expect(decoded(kept)).toContain('Ada Lovelace');
    const update = await http.put(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: profile.handle, published: true, displayName: 'Countess Ada' }),
    });
    expect(update.status).toBe(200);
    const after = await raw(app().url, path);
    expect(decoded(after)).toContain('Countess Ada');
    expect(after.headers.etag).not.toBe(kept.headers.etag);
    await http.put(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: profile.handle, published: false }),
    });
    expect((await raw(app().url, path)).status).toBe(404);
    expect((await raw(app().url, `/api/public/profiles/${profile.handle}`)).status).toBe(404);
  });
});

// the client's address as fastify reads it behind the proxies TRUST_PROXY names
describe.each([
  ['true', '203.0.113.5'],
  ['1', '198.51.100.7'],
  ['127.0.0.1', '198.51.100.7'],
  ['10.0.0.0/8', '127.0.0.1'],
  ['false', '127.0.0.1'],
])('the visitor address with TRUST_PROXY=%s', (trustProxy, expected) => {
  const { app, http } = apiUnderTest('sqlite', { WEB_DIST_DIR: BUILT_WEB_DIST, TRUST_PROXY: trustProxy });

  it(`is ${expected} for a request forwarded by two proxies`, async () => {
    const owner = await registerUser(http);
    const handle = (await createProfile(http, owner.accessToken, { published: true })).handle;
    const views = jest.spyOn(app().app.get(AnalyticsTracker), 'recordView');
    const forwarded = { 'x-forwarded-for': '203.0.113.5, 198.51.100.7' };
    await raw(app().url, `/u/${handle}`, forwarded);
    await raw(app().url, `/api/public/profiles/${handle}`, forwarded);
    const addresses = (views.mock.calls as [unknown, unknown, RequestMeta][]).map(([, , meta]) => meta.ip);
    views.mockRestore();
    expect(addresses).toEqual([expected, expected]);
  });
});

// the pipeline's entry before fastify answers a guest's kept page; everything else goes to the route
describe("a card visit through the pipeline's entry before fastify", () => {
  const { app, http } = apiUnderTest('sqlite', { WEB_DIST_DIR: BUILT_WEB_DIST });
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let routed: jest.SpyInstance;
  let early: jest.SpyInstance;
  let views: jest.SpyInstance;

  beforeAll(async () => {
    owner = await registerUser(http);
    const pipeline = app().app.get(CardVisitPipeline);
    // spies that call through: which entry answered, and what the tracker was given
    routed = jest.spyOn(pipeline, 'page');
    early = jest.spyOn(pipeline, 'pageNow');
    views = jest.spyOn(app().app.get(AnalyticsTracker), 'recordView');
  });
  beforeEach(() => [routed, early, views].forEach((spy) => spy.mockClear()));
  afterAll(() => jest.restoreAllMocks());

  const comparable = (headers: IncomingHttpHeaders) => {
    const { date: _date, 'x-request-id': _id, ...rest } = headers;
    return rest;
  };

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip, deflate'],
    ['identity', ''],
  ])('answers a kept page exactly as the route did: %s', async (_encoding, acceptEncoding) => {
    const { handle } = await createProfile(http, owner.accessToken, { published: true });
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const first = await raw(app().url, `/u/${handle}`, headers);
    const second = await raw(app().url, `/u/${handle}`, headers);
    // the first was the route's (nothing kept yet), the second the entry's
    expect(routed).toHaveBeenCalledTimes(1);
    expect(early.mock.results.map((result) => result.value === null)).toEqual([true, false]);
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    expect(second.body.equals(first.body)).toBe(true);
    expect(views).toHaveBeenCalledTimes(2);
    expect(views.mock.calls[1].slice(1)).toEqual(views.mock.calls[0].slice(1));
  });

  it('leaves a signed-in visitor, HEAD, an unknown page and the card files to the route', async () => {
    const { handle } = await createProfile(http, owner.accessToken, { published: true });
    const visitor = await registerUser(http);
    await raw(app().url, `/u/${handle}`);
    routed.mockClear();
    const signedIn = await raw(app().url, `/u/${handle}`, {
      cookie: `${SESSION_COOKIE}=${visitor.accessToken}`,
    });
    expect(decoded(signedIn)).toContain('Viewing as User');
    await raw(app().url, `/u/${handle}`, {}, 'HEAD');
    expect((await raw(app().url, '/u/nobody-has-this-handle')).status).toBe(404);
    expect(routed).toHaveBeenCalledTimes(3);
    expect((await raw(app().url, `/u/${handle}/contact.vcf`)).status).toBe(200);
  });

  it("answers a guest's kept JSON read exactly as the route did, and leaves to the route a query not yet checked or refused", async () => {
    const { handle } = await createProfile(http, owner.accessToken, { published: true });
    const pipeline = app().app.get(CardVisitPipeline);
    const routedJson = jest.spyOn(pipeline, 'cardJson');
    const earlyJson = jest.spyOn(pipeline, 'cardJsonNow');
    try {
      const first = await raw(app().url, `/api/public/profiles/${handle}`);
      const second = await raw(app().url, `/api/public/profiles/${handle}`);
      expect(first.status).toBe(200);
      expect(routedJson).toHaveBeenCalledTimes(1);
      expect(earlyJson.mock.results.map((result) => result.value === null)).toEqual([true, false]);
      expect(comparable(second.headers)).toEqual(comparable(first.headers));
      expect(second.body.equals(first.body)).toBe(true);
      expect(views).toHaveBeenCalledTimes(2);
      expect(views.mock.calls[1].slice(1)).toEqual(views.mock.calls[0].slice(1));

      // a query is answered here once the route has checked and accepted it
      routedJson.mockClear();
      const tagged = `/api/public/profiles/${handle}?src=qr&utm_source=fair`;
      await raw(app().url, tagged);
      await raw(app().url, tagged);
      expect(routedJson).toHaveBeenCalledTimes(1);
      expect(views.mock.calls.at(-1)?.[3]).toEqual(
        expect.objectContaining({ src: 'qr', utm_source: 'fair' }),
      );
      // a refused one never is
      routedJson.mockClear();
      for (let i = 0; i < 2; i++) {
        expect((await raw(app().url, `/api/public/profiles/${handle}?nope=1`)).status).toBe(400);
      }
      expect(routedJson).toHaveBeenCalledTimes(2);
      // nor a signed-in visitor's
      const visitor = await registerUser(http);
      await raw(app().url, `/api/public/profiles/${handle}`, {
        authorization: `Bearer ${visitor.accessToken}`,
      });
      expect(routedJson).toHaveBeenCalledTimes(3);
    } finally {
      routedJson.mockRestore();
      earlyJson.mockRestore();
    }
  });

  it('leaves the request to the route when the entry fails, counting the visit once', async () => {
    const { handle } = await createProfile(http, owner.accessToken, { published: true });
    await raw(app().url, `/u/${handle}`);
    views.mockClear();
    early.mockImplementationOnce(() => {
      throw new Error('a failure in the entry');
    });
    const answer = await raw(app().url, `/u/${handle}`);
    expect(answer.status).toBe(200);
    expect(views).toHaveBeenCalledTimes(1);
  });

  it('writes the same request line and metrics whichever entry answered', async () => {
    const { handle } = await createProfile(http, owner.accessToken, { published: true });
    const metrics = app().app.get<symbol, ServiceMetrics>(SERVICE_METRICS);
    const reads = async () => {
      const { body } = await metrics.render();
      const labels = { service: 'api', route: '/u/:handle', status_code: '200' };
      return sampleValue(body, 'cardcraft_public_card_reads_total', labels) ?? 0;
    };
    const before = await reads();
    await raw(app().url, `/u/${handle}`);
    await raw(app().url, `/u/${handle}`);
    expect(early.mock.results.map((result) => result.value === null)).toEqual([true, false]);
    expect((await reads()) - before).toBe(2);
  });
});
