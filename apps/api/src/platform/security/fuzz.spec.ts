import fc from 'fast-check';
import { request as httpRequest } from 'node:http';

import type { LeadResponse, Page, ProfileResponse, UserResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../testing/adapters';
import { createProfile, fullProfileInput, registerUser, type HttpClient } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';
import { BUILT_WEB_DIST } from '../testing/paths';

// generated requests against every route: bodies, query strings, headers and path segments that no
// well-behaved client sends. the property: the API never answers 5xx (nor drops the connection), and
// nothing the owner stored changes, whoever the generator pretends to be.

// npm test sends 3,000 a storage mode, new ones each run (fast-check draws a fresh seed and prints it
// with a failure); `npm run fuzz` sends 50,000
const RUNS = Number(process.env.FUZZ_RUNS ?? '') || 3_000;

interface Fixture {
  cardId: string;
  handle: string;
  leadId: string;
  ownerToken: string;
  attackerToken: string;
  attackerCookie: string;
}

interface GeneratedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** every message on the card, page by page (newest first) */
async function allLeads(http: HttpClient, fixture: Fixture): Promise<LeadResponse[]> {
  const leads: LeadResponse[] = [];
  for (let page = 1; ; page++) {
    const response = await http.get<Page<LeadResponse>>(
      `/api/profiles/${fixture.cardId}/leads?page=${page}&pageSize=100`,
      { token: fixture.ownerToken },
    );
    if (response.status !== 200) throw new Error(`leads: ${response.status} ${response.text}`);
    leads.push(...response.body.items);
    if (leads.length >= response.body.total || response.body.items.length === 0) return leads;
  }
}

/** what the owner has before the run; compared after it */
async function ownerState(http: HttpClient, fixture: Fixture) {
  const token = fixture.ownerToken;
  const [me, card, cards] = await Promise.all([
    http.get<UserResponse>('/api/auth/me', { token }),
    http.get<ProfileResponse>(`/api/profiles/${fixture.cardId}`, { token }),
    http.get<ProfileResponse[]>('/api/profiles', { token }),
  ]);
  return {
    statuses: [me.status, card.status, cards.status],
    me: me.body,
    card: card.body,
    cards: cards.body,
    leads: await allLeads(http, fixture),
  };
}

// --- generators --------------------------------------------------------------------------------

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
/** any text, lone surrogates and control characters included */
const hostileText = fc.string({
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: loneSurrogate },
    { weight: 1, arbitrary: fc.constantFrom('\u0000', '\n', '"', '\\', '<', '$2', '%', '\u202e', '\ufeff') },
  ),
  maxLength: 40,
});
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER,
    '',
    'javascript:alert(1)',
    '__proto__',
    '2026-13-45T99:99:99Z',
    'a'.repeat(5000),
  ),
  fc.double(),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** a valid body with some of its fields (at any depth) replaced by hostile values */
function mutated(template: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(template)) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.tuple(...template.map(mutated)) },
      { weight: 1, arbitrary: hostileValue },
    );
  }
  if (template !== null && typeof template === 'object') {
    const entries = Object.entries(template as Record<string, unknown>);
    return fc
      .tuple(
        fc.tuple(...entries.map(([, value]) => mutated(value))),
        fc.dictionary(hostileText, hostileValue, { maxKeys: 2 }),
        fc.boolean(),
      )
      .map(([values, extra, addExtra]) => ({
        ...Object.fromEntries(entries.map(([key], i) => [key, values[i]])),
        ...(addExtra ? extra : {}),
      }));
  }
  return fc.oneof({ weight: 3, arbitrary: fc.constant(template) }, { weight: 1, arbitrary: hostileValue });
}

/** encodes a string as a path or query segment, lone surrogates and invalid UTF-8 included */
function encodeSegment(value: string): string {
  return Array.from(value)
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) return '%ED%A0%80';
      return /[A-Za-z0-9._~-]/.test(char) ? char : encodeURIComponent(char);
    })
    .join('');
}
const rawSegment = fc.oneof(
  hostileText.map(encodeSegment),
  fc.constantFrom('%', '%FF', '%E0%A4', '..', '%2e%2e', '%00', 'a%2Fb', '~', '', '-'.repeat(300)),
);

/** header values node can send: visible latin-1 and tabs */
const headerText = fc
  .string({ unit: 'binary-ascii', maxLength: 60 })
  .map((value) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, ''));

describe.each(STORAGE_KINDS)('every route under generated input (%s)', (kind) => {
  // with the built web app, so the card's own pages are served too
  const { http, app } = apiUnderTest(kind, { WEB_DIST_DIR: BUILT_WEB_DIST });

  function send(request: GeneratedRequest): Promise<number> {
    const url = new URL(app().url);
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          headers: request.headers,
          // a connection per request: a server may close a kept-alive one after refusing a body,
          // and a client reusing it would see a hang-up that is not the server's fault
          agent: false,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  }

  async function fixture(): Promise<Fixture> {
    const owner = await registerUser(http);
    const card = await createProfile(http, owner.accessToken, { published: true });
    const lead = await http.post<LeadResponse>(`/api/profiles/${card.id}/leads`, {
      body: { email: 'first@example.com', message: 'Hello', consent: true },
    });
    const attacker = await registerUser(http);
    const signIn = await http.post('/api/auth/login', {
      body: { email: attacker.email, password: attacker.password },
    });
    const attackerCookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
    return {
      cardId: card.id,
      handle: card.handle,
      leadId: lead.body.id,
      ownerToken: owner.accessToken,
      attackerToken: attacker.accessToken,
      attackerCookie,
    };
  }

  function requests(world: Fixture): fc.Arbitrary<GeneratedRequest> {
    const idSegment = fc.oneof(fc.constant(world.cardId), fc.constant(world.handle), rawSegment);
    const leadSegment = fc.oneof(fc.constant(world.leadId), rawSegment);
    const range = { from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' };
    // each route with a valid body to mutate, so generated input reaches the validators and beyond
    const routes: Array<{ method: string; path: fc.Arbitrary<string>; body?: unknown; query?: object }> = [
      { method: 'GET', path: fc.constant('/api/health') },
      { method: 'GET', path: fc.constant('/api/health/ready') },
      {
        method: 'POST',
        path: fc.constant('/api/auth/register'),
        body: { email: 'fuzz@example.com', password: 'secret12', displayName: 'Fuzz' },
      },
      { method: 'POST', path: fc.constant('/api/auth/login'), body: { email: 'a@b.co', password: 'x' } },
      { method: 'POST', path: fc.constant('/api/auth/logout') },
      { method: 'GET', path: fc.constant('/api/auth/me') },
      { method: 'PATCH', path: fc.constant('/api/account'), body: { displayName: 'Renamed' } },
      {
        method: 'POST',
        path: fc.constant('/api/account/password'),
        body: { currentPassword: 'wrong-password', newPassword: 'new-secret' },
      },
      { method: 'DELETE', path: fc.constant('/api/account'), body: { password: 'wrong-password' } },
      { method: 'GET', path: fc.constant('/api/profiles') },
      { method: 'POST', path: fc.constant('/api/profiles'), body: fullProfileInput() },
      { method: 'GET', path: idSegment.map((id) => `/api/profiles/${id}`) },
      { method: 'PUT', path: idSegment.map((id) => `/api/profiles/${id}`), body: fullProfileInput() },
      { method: 'DELETE', path: idSegment.map((id) => `/api/profiles/${id}`) },
      {
        method: 'GET',
        path: idSegment.map((id) => `/api/profiles/${id}/qr`),
        query: { size: 8, format: 'png' },
      },
      {
        method: 'GET',
        path: idSegment.map((id) => `/api/profiles/${id}/analytics/summary`),
        query: range,
      },
      {
        method: 'GET',
        path: idSegment.map((id) => `/api/profiles/${id}/analytics/visits`),
        query: { ...range, pageSize: 10, cursor: 'abc' },
      },
      {
        method: 'POST',
        path: idSegment.map((id) => `/api/profiles/${id}/leads`),
        body: { email: 'visitor@example.com', message: 'Hi', consent: true },
      },
      {
        method: 'GET',
        path: idSegment.map((id) => `/api/profiles/${id}/leads`),
        query: { page: 1, pageSize: 20 },
      },
      { method: 'GET', path: idSegment.map((id) => `/api/profiles/${id}/leads/export`) },
      {
        method: 'DELETE',
        path: fc.tuple(idSegment, leadSegment).map(([id, lead]) => `/api/profiles/${id}/leads/${lead}`),
      },
      {
        method: 'GET',
        path: idSegment.map((id) => `/api/public/profiles/${id}`),
        query: { ref: 'https://example.com', utm_source: 'x', src: 'qr' },
      },
      {
        method: 'POST',
        path: idSegment.map((id) => `/api/public/profiles/${id}/events`),
        body: { type: 'link_clicked', target: 'https://example.com' },
      },
      { method: 'GET', path: idSegment.map((id) => `/u/${id}`), query: { src: 'qr', utm_source: 'x' } },
      { method: 'GET', path: idSegment.map((id) => `/u/${id}/contact.vcf`) },
      {
        method: 'POST',
        path: idSegment.map((id) => `/u/${id}/message`),
        body: { email: 'visitor@example.com', message: 'Hi', consent: 'on' },
      },
      { method: 'GET', path: rawSegment.map((segment) => `/${segment}`) },
      { method: 'GET', path: rawSegment.map((segment) => `/api/${segment}`) },
    ];

    const auth = fc.oneof(
      fc.constant({}),
      fc.constant({ authorization: `Bearer ${world.attackerToken}` }),
      fc.constant({ cookie: world.attackerCookie }),
      headerText.map((value) => ({ authorization: `Bearer ${value}` })),
      headerText.map((value) => ({ authorization: value })),
      headerText.map((value) => ({ cookie: value })),
      // the owner's token with a forged tail
      fc.constant({ authorization: `Bearer ${world.ownerToken.slice(0, -2)}xx` }),
    );
    const contentType = fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'application/octet-stream',
        ),
      },
      { weight: 1, arbitrary: headerText },
    );
    const extraHeaders = fc.record(
      {
        origin: fc.oneof(
          fc.constantFrom('https://evil.example', 'null', 'https://cards.example.test'),
          headerText,
        ),
        referer: headerText,
        'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), headerText),
        'x-request-id': headerText,
        'x-visitor-id': headerText,
        accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/png'),
        'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x'),
        'user-agent': headerText,
      },
      { requiredKeys: [] },
    );

    return fc
      .constantFrom(...routes)
      .chain((route) =>
        fc.record({
          method: fc.oneof(
            { weight: 9, arbitrary: fc.constant(route.method) },
            {
              weight: 1,
              arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
            },
          ),
          path: route.path,
          query: fc.oneof(
            fc.constant(''),
            mutated(route.query ?? {}).map((query) =>
              Object.entries(typeof query === 'object' && query !== null ? query : { q: query })
                .map(
                  ([key, value]) =>
                    `${encodeSegment(key)}=${encodeSegment(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`,
                )
                .join('&'),
            ),
            fc
              .array(fc.tuple(rawSegment, rawSegment), { maxLength: 4 })
              .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&')),
          ),
          body: fc.oneof(
            { weight: 6, arbitrary: mutated(route.body ?? {}).map((value) => JSON.stringify(value)) },
            { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
            { weight: 1, arbitrary: hostileText },
            {
              weight: 1,
              arbitrary: fc.constantFrom('{', '{"a":', 'null', '[]', '"\\ud800"', '{"__proto__":{"x":1}}'),
            },
            { weight: 1, arbitrary: fc.constant(undefined) },
          ),
          auth,
          contentType,
          extra: extraHeaders,
        }),
      )
      .map(({ method, path, query, body, auth: authHeaders, contentType: type, extra }) => {
        const sendsBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
        return {
          method,
          path: query ? `${path}?${query}` : path,
          headers: {
            ...extra,
            ...authHeaders,
            ...(sendsBody ? { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) } : {}),
          } as Record<string, string>,
          body: sendsBody ? body : undefined,
        };
      });
  }

  it(
    `answers no 5xx to ${RUNS} generated requests and loses nothing stored`,
    async () => {
      const world = await fixture();
      const before = await ownerState(http, world);
      expect(before.statuses).toEqual([200, 200, 200]);

      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requests(world), async (generated) => {
          const status = await send(generated);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          return status > 0 && status < 500;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );

      // the generator got past parsing, authentication and validation, not only bounced off them
      const seen = [...statuses.keys()];
      expect(seen.filter((status) => status < 300).length).toBeGreaterThan(2);
      expect(seen).toEqual(expect.arrayContaining([400, 401, 404]));

      // anyone may leave the owner a message, so new leads are fine; none may be lost or changed
      const after = await ownerState(http, world);
      expect({ ...after, leads: undefined }).toEqual({ ...before, leads: undefined });
      expect(after.leads).toEqual(expect.arrayContaining(before.leads));
      expect((await http.get('/api/health/ready')).status).toBe(200);
    },
    10 * 60_000,
  );
});
