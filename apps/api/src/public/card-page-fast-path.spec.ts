import { existsSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join, resolve } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { AnalyticsTracker } from '../analytics/analytics-tracker';
import { SESSION_COOKIE } from '../auth/session-cookie';
import type { RequestMeta } from '../common/request-meta';
import { createProfile, fullProfileInput, registerUser } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';
import { PublicCardPagesService } from './public-card-pages.service';
import { createLogger, type ServiceMetrics } from '@cardcraft/observability';
import { SERVICE_METRICS } from '../observability/observability.tokens';
import { sampleValue } from '../../../../libs/observability/src/testing/exposition';

// the built web app: `npm run build:web` (npm test builds it before jest runs)
const WEB_DIST = resolve(__dirname, '../../../web/dist');
if (!existsSync(join(WEB_DIST, '..', 'dist-ssr', 'render-card.js'))) {
  throw new Error('apps/web/dist-ssr/render-card.js is missing: run `npm run build:web` first');
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** one request as a browser sends it, the answer as it came over the wire (nothing decoded) */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolvePromise, reject) => {
    const request = httpRequest(`${base}${path}`, { method: 'GET', headers, agent: false }, (response) => {
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

/** the headers that must be the same on both answers: all but the moment and the request's own id */
function comparable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

// a session cookie that is not a session: the normal route serves it the guest's page
const BOGUS_SESSION = { cookie: `${SESSION_COOKIE}=not-a-session` };

describe('the card page answered before the framework (a guest, the page already kept)', () => {
  // the request lines, written at info as in the cluster
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    service: 'api',
    pretty: false,
    destination: { write: (line: string) => lines.push(line) },
  });
  const { app, http } = apiUnderTest('sqlite', { WEB_DIST_DIR: WEB_DIST, LOG_LEVEL: 'info' }, { logger });
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let routeRenders: jest.SpyInstance;
  let views: jest.SpyInstance;

  beforeAll(async () => {
    owner = await registerUser(http);
    // spies that call through: they tell which way a request went and what the tracker was given
    routeRenders = jest.spyOn(app().app.get(PublicCardPagesService), 'page');
    views = jest.spyOn(app().app.get(AnalyticsTracker), 'recordView');
  });
  beforeEach(() => {
    routeRenders.mockClear();
    views.mockClear();
  });
  afterAll(() => jest.restoreAllMocks());

  const publishedCard = async () =>
    (await createProfile(http, owner.accessToken, { published: true })).handle;

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip, deflate'],
    ['identity', ''],
  ])('answers exactly as the route did: %s', async (encoding, acceptEncoding) => {
    const handle = await publishedCard();
    const request: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const first = await rawGet(app().url, `/u/${handle}`, request);
    expect(routeRenders).toHaveBeenCalledTimes(1);
    const second = await rawGet(app().url, `/u/${handle}`, request);
    // the second one never reached the route
    expect(routeRenders).toHaveBeenCalledTimes(1);
    expect(second.status).toBe(200);
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    const html =
      encoding === 'br'
        ? brotliDecompressSync(second.body)
        : encoding === 'gzip'
          ? gunzipSync(second.body)
          : second.body;
    expect(html.toString('utf8')).toContain('Ada Lovelace');

    // and the route, asked again now (a session cookie that is not one takes it), answers the same
    const again = await rawGet(app().url, `/u/${handle}`, { ...request, ...BOGUS_SESSION });
    expect(routeRenders).toHaveBeenCalledTimes(2);
    expect(comparable(again.headers)).toEqual(comparable(second.headers));
    expect(again.body.equals(second.body)).toBe(true);
  });

  it('answers 304 to a browser that has the page, with the same headers as the route', async () => {
    const handle = await publishedCard();
    const first = await rawGet(app().url, `/u/${handle}`);
    const etag = first.headers.etag as string;
    const fast = await rawGet(app().url, `/u/${handle}`, { 'if-none-match': etag });
    const route = await rawGet(app().url, `/u/${handle}`, { 'if-none-match': etag, ...BOGUS_SESSION });
    expect(routeRenders).toHaveBeenCalledTimes(2);
    expect(fast.status).toBe(304);
    expect(route.status).toBe(304);
    expect(fast.body.length).toBe(0);
    expect(comparable(fast.headers)).toEqual(comparable(route.headers));
    // a stale copy gets the page
    expect((await rawGet(app().url, `/u/${handle}`, { 'if-none-match': '"old"' })).status).toBe(200);
  });

  it('keeps a valid incoming request id and makes one otherwise', async () => {
    const handle = await publishedCard();
    await rawGet(app().url, `/u/${handle}`);
    const kept = await rawGet(app().url, `/u/${handle}`, { 'x-request-id': 'trace-me-42' });
    expect(kept.headers['x-request-id']).toBe('trace-me-42');
    const replaced = await rawGet(app().url, `/u/${handle}`, { 'x-request-id': 'no spaces <here>' });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(routeRenders).toHaveBeenCalledTimes(1);
  });

  it('writes the same request line and the same metrics on both ways', async () => {
    const handle = await publishedCard();
    const metrics = app().app.get<symbol, ServiceMetrics>(SERVICE_METRICS);
    const page = { service: 'api', route: '/u/:handle', status_code: '200' };
    const count = async () => {
      const { body } = await metrics.render();
      return {
        reads: sampleValue(body, 'cardcraft_public_card_reads_total', page) ?? 0,
        latencies: sampleValue(body, 'http_request_duration_seconds_count', { ...page, method: 'GET' }) ?? 0,
      };
    };
    const before = await count();
    lines.length = 0;
    await rawGet(app().url, `/u/${handle}`, { 'x-request-id': 'by-the-route', ...BOGUS_SESSION });
    await rawGet(app().url, `/u/${handle}?src=qr`, { 'x-request-id': 'by-the-fast-path' });
    expect(routeRenders).toHaveBeenCalledTimes(1);
    const after = await count();
    expect(after.reads - before.reads).toBe(2);
    expect(after.latencies - before.latencies).toBe(2);
    // a line is written as the answer ends, which the client may see a moment before
    const requestLines = () =>
      lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'request');
    for (let tries = 0; requestLines().length < 2 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const requests = requestLines();
    const expected = { level: 'info', service: 'api', method: 'GET', route: '/u/:handle', status: 200 };
    expect(requests).toEqual([
      expect.objectContaining({ ...expected, reqId: 'by-the-route', url: `/u/${handle}` }),
      expect.objectContaining({ ...expected, reqId: 'by-the-fast-path', url: `/u/${handle}?src=qr` }),
    ]);
    for (const entry of requests) expect(entry.ms).toEqual(expect.any(Number));
    expect(requests[0].ip).toBe(requests[1].ip);
  });

  it('records one view per request on both ways, with what the route would have given the tracker', async () => {
    const handle = await publishedCard();
    const headers = {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1',
      referer: 'https://chat.example.test/thread',
      'x-forwarded-for': '81.2.69.160',
    };
    const path = `/u/${handle}?utm_source=newsletter&src=qr&src=link&other=1`;
    await rawGet(app().url, path, headers);
    expect(routeRenders).toHaveBeenCalledTimes(1);
    await rawGet(app().url, path, headers);
    await rawGet(app().url, path, headers);
    expect(routeRenders).toHaveBeenCalledTimes(1);
    expect(views).toHaveBeenCalledTimes(3);
    const [routeCall, ...fastCalls] = views.mock.calls as [unknown, unknown, RequestMeta, unknown][];
    expect(routeCall[2]).toEqual({
      ip: '81.2.69.160',
      userAgent: headers['user-agent'],
      method: 'GET',
      refererHeader: headers.referer,
    });
    expect(routeCall[3]).toEqual({ utm_source: 'newsletter', src: 'qr' });
    for (const call of fastCalls) {
      expect(call[1]).toBeNull();
      expect(call.slice(2)).toEqual(routeCall.slice(2));
    }
  });

  it('leaves signed-in visitors, bearer requests, HEAD and unknown pages to the route', async () => {
    const handle = await publishedCard();
    const visitor = await registerUser(http);
    await rawGet(app().url, `/u/${handle}`);
    expect(routeRenders).toHaveBeenCalledTimes(1);

    const withCookie = await rawGet(app().url, `/u/${handle}`, {
      cookie: `theme=dark; ${SESSION_COOKIE}=${visitor.accessToken}`,
    });
    expect(withCookie.status).toBe(200);
    expect(withCookie.body.toString('utf8')).toContain('viewer-badge');
    const bearer = await rawGet(app().url, `/u/${handle}`, {
      authorization: `Bearer ${visitor.accessToken}`,
    });
    expect(bearer.status).toBe(200);
    expect(routeRenders).toHaveBeenCalledTimes(3);

    expect((await http.request('HEAD', `/u/${handle}`)).status).toBe(200);
    expect((await rawGet(app().url, '/u/nobody-has-this-handle')).status).toBe(404);
    expect((await rawGet(app().url, `/u/${handle}/contact.vcf`)).status).not.toBe(404);
    // the router does not take a trailing slash for the page (the web app's shell answers): nor the fast way
    const slash = await rawGet(app().url, `/u/${handle}/`);
    expect(slash.body.toString('utf8')).not.toContain('Ada Lovelace');
    expect(routeRenders).toHaveBeenCalledTimes(5);
  });

  it('leaves the request to the route when the fast way fails, without counting it twice', async () => {
    const handle = await publishedCard();
    await rawGet(app().url, `/u/${handle}`);
    const broken = jest
      .spyOn(app().app.get(PublicCardPagesService), 'cachedGuestPage')
      .mockImplementationOnce(() => {
        throw new Error('a failure in the fast way');
      });
    const answer = await rawGet(app().url, `/u/${handle}`);
    broken.mockRestore();
    expect(answer.status).toBe(200);
    expect(routeRenders).toHaveBeenCalledTimes(2);
    expect(views).toHaveBeenCalledTimes(2);
  });

  it('shows a change of the card at once', async () => {
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const path = `/u/${profile.handle}`;
    await rawGet(app().url, path);
    const kept = await rawGet(app().url, path);
    expect(kept.body.toString('utf8')).toContain('Ada Lovelace');
    const update = await http.put(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: profile.handle, published: true, displayName: 'Countess Ada' }),
    });
    expect(update.status).toBe(200);
    const after = await rawGet(app().url, path);
    expect(after.body.toString('utf8')).toContain('Countess Ada');
    expect(after.headers.etag).not.toBe(kept.headers.etag);

    await http.put(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({ handle: profile.handle, published: false }),
    });
    expect((await rawGet(app().url, path)).status).toBe(404);
    expect((await rawGet(app().url, path)).status).toBe(404);
  });
});

// the client's address as fastify reads it behind the proxies TRUST_PROXY names, on both ways
describe.each([
  ['true', '203.0.113.5'],
  ['1', '198.51.100.7'],
  ['127.0.0.1', '198.51.100.7'],
  ['10.0.0.0/8', '127.0.0.1'],
  ['false', '127.0.0.1'],
])('the visitor address with TRUST_PROXY=%s', (trustProxy, expected) => {
  const { app, http } = apiUnderTest('sqlite', { WEB_DIST_DIR: WEB_DIST, TRUST_PROXY: trustProxy });

  it(`is ${expected} for a request forwarded by two proxies`, async () => {
    const owner = await registerUser(http);
    const handle = (await createProfile(http, owner.accessToken, { published: true })).handle;
    const views = jest.spyOn(app().app.get(AnalyticsTracker), 'recordView');
    const forwarded = { 'x-forwarded-for': '203.0.113.5, 198.51.100.7' };
    await rawGet(app().url, `/u/${handle}`, forwarded);
    await rawGet(app().url, `/u/${handle}`, forwarded);
    const addresses = (views.mock.calls as [unknown, unknown, RequestMeta][]).map(([, , meta]) => meta.ip);
    views.mockRestore();
    expect(addresses).toEqual([expected, expected]);
  });
});
