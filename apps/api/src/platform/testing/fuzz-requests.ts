import fc from 'fast-check';
import { request as httpRequest } from 'node:http';

// the fuzz suites' generated requests: hostile bodies, query strings, headers and path segments that
// no well-behaved client sends, made from a list of routes with valid bodies to mutate, and sent over
// raw HTTP so nothing a client library would refuse is kept from the server

export interface GeneratedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** a route with a valid body (and query) to mutate, so generated input reaches the validators */
export interface FuzzRoute {
  method: string;
  path: fc.Arbitrary<string>;
  body?: unknown;
  query?: object;
}

/**
 * the sessions the generator pretends to hold: someone else's, and the owner's with a forged tail; and
 * API keys: someone else's with every scope, and the owner's with a forged tail
 */
export interface FuzzCredentials {
  attackerToken: string;
  attackerCookie: string;
  ownerToken: string;
  attackerApiKey?: string;
  ownerApiKey?: string;
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
/** any text, lone surrogates and control characters included */
export const hostileText = fc.string({
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: loneSurrogate },
    { weight: 1, arbitrary: fc.constantFrom('\u0000', '\n', '"', '\\', '<', '$2', '%', '\u202e', '\ufeff') },
  ),
  maxLength: 40,
});
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
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
export function mutated(template: unknown): fc.Arbitrary<unknown> {
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
export function encodeSegment(value: string): string {
  return Array.from(value)
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) return '%ED%A0%80';
      return /[A-Za-z0-9._~-]/.test(char) ? char : encodeURIComponent(char);
    })
    .join('');
}
export const rawSegment = fc.oneof(
  hostileText.map(encodeSegment),
  fc.constantFrom('%', '%FF', '%E0%A4', '..', '%2e%2e', '%00', 'a%2Fb', '~', '', '-'.repeat(300)),
);

/** header values node can send: visible latin-1 and tabs */
export const headerText = fc
  .string({ unit: 'binary-ascii', maxLength: 60 })
  .map((value) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, ''));

/** requests over the routes, from anyone but the owner */
export function fuzzRequests(
  routes: FuzzRoute[],
  credentials: FuzzCredentials,
): fc.Arbitrary<GeneratedRequest> {
  const auth = fc.oneof(
    fc.constant({}),
    // a live session three times as often as any other choice: with forty-odd routes, the requests
    // that get past the session check to the route's own rules must not be a handful a route
    { weight: 3, arbitrary: fc.constant({ authorization: `Bearer ${credentials.attackerToken}` }) },
    fc.constant({ cookie: credentials.attackerCookie }),
    headerText.map((value) => ({ authorization: `Bearer ${value}` })),
    headerText.map((value) => ({ authorization: value })),
    headerText.map((value) => ({ cookie: value })),
    // the owner's token with a forged tail
    fc.constant({ authorization: `Bearer ${credentials.ownerToken.slice(0, -2)}xx` }),
    // API keys, as one choice so the sessions' odds stay as they were: anything with the key prefix
    // (read as a key), someone else's key, the owner's with a forged tail
    fc.oneof(
      headerText.map((value) => ({ authorization: `Bearer cck_${value}` })),
      ...[credentials.attackerApiKey, credentials.ownerApiKey && `${credentials.ownerApiKey.slice(0, -2)}xx`]
        .filter((key): key is string => Boolean(key))
        .map((key) => fc.constant({ authorization: `Bearer ${key}` })),
    ),
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

export function sendRaw(baseUrl: string, request: GeneratedRequest): Promise<number> {
  const url = new URL(baseUrl);
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
