import type { ProfileResponse, SessionResponse } from '@cardcraft/contracts';
import { SESSION_COOKIE } from '../../auth/session-cookie';

export interface HttpResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
  /** every Set-Cookie header of the answer, as sent */
  setCookies: string[];
}

export interface RequestOptions {
  body?: unknown;
  /** sent as-is, for malformed bodies */
  rawBody?: string;
  /** sent as `Authorization: Bearer <token>` */
  token?: string;
  /** the session cookie's value, sent as a browser would (a Cookie header) */
  cookie?: string;
  headers?: Record<string, string>;
}

/** a tiny client over real HTTP, for the integration tests; the base URL may be known only later */
export function httpClient(baseUrl: string | (() => string)) {
  const base = typeof baseUrl === 'string' ? () => baseUrl : baseUrl;
  async function request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie !== undefined) headers.cookie = `${SESSION_COOKIE}=${options.cookie}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(base() + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return {
      status: response.status,
      body: parsed as T,
      headers: response.headers,
      text,
      setCookies: response.headers.getSetCookie(),
    };
  }
  return {
    request,
    get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T = unknown>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
    put: <T = unknown>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
    patch: <T = unknown>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
    delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;

/** the attributes of the named cookie in an answer's Set-Cookie headers, lower-cased names; null if unset */
export function cookieSet(result: HttpResult, name = SESSION_COOKIE): Record<string, string> | null {
  const header = result.setCookies.find((line) => line.startsWith(`${name}=`));
  if (!header) return null;
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  const entries = attributes.map((attribute) => {
    const [key, ...value] = attribute.split('=');
    return [key.toLowerCase(), value.join('=')];
  });
  return { value: pair.slice(name.length + 1), ...Object.fromEntries(entries) };
}

let userCounter = 0;

export async function registerUser(
  http: HttpClient,
  overrides: Partial<{ email: string; password: string; displayName: string }> = {},
): Promise<SessionResponse & { password: string }> {
  const n = ++userCounter;
  const password = overrides.password ?? 'correct horse battery';
  const response = await http.post<SessionResponse>('/api/auth/register', {
    body: {
      email: overrides.email ?? `user${n}.${process.pid}.${Date.now()}@example.com`,
      password,
      displayName: overrides.displayName ?? `User ${n}`,
    },
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  return { ...response.body, password };
}

let handleCounter = 0;

/** a valid profile body with every field set */
export function fullProfileInput(overrides: Record<string, unknown> = {}) {
  const n = ++handleCounter;
  return {
    handle: `card-${process.pid}-${n}`,
    displayName: 'Ada Lovelace',
    tagline: 'Analytical engine whisperer',
    bio: 'First programmer.\nLikes poetry; and numbers, too.',
    theme: 'noir',
    layout: 'split',
    published: false,
    contact: {
      email: 'ada@example.com',
      phoneNumber: '+44 20 7946 0958',
      company: 'Analytical Engines Ltd',
      location: 'London, UK',
      website: 'https://ada.example.com',
    },
    media: {
      avatarUrl: 'https://img.example.com/ada.png',
      bannerUrl: 'https://img.example.com/banner.png',
      ogImageUrl: 'https://img.example.com/og.png',
    },
    privacy: {
      collectGeo: true,
      collectIp: false,
      showIdentifiedViewers: true,
      allowMessages: true,
      messageFields: { name: 'off', phone: 'off', company: 'off' },
      questions: [],
      cardExchange: { enabled: false, followUp: null },
    },
    socialLinks: [
      { provider: 'LinkedIn', label: 'Work', url: 'https://linkedin.com/in/ada', highlight: true, order: 0 },
      { provider: 'GitHub', label: '', url: 'https://github.com/ada', highlight: false, order: 1 },
    ],
    blocks: [
      {
        id: 'block-cta',
        type: 'cta',
        title: "Let's collaborate",
        subtitle: 'Schedule a quick intro meeting',
        payloadJson: '{"ctaLabel":"Book","ctaHref":"https://cal.com/ada"}',
        visible: true,
        order: 1,
      },
      {
        type: 'quote',
        title: 'What partners say',
        subtitle: '',
        payloadJson: '{"quote":"Brilliant"}',
        visible: false,
        order: 0,
      },
    ],
    ...overrides,
  };
}

export async function createProfile(
  http: HttpClient,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<ProfileResponse> {
  const response = await http.post<ProfileResponse>('/api/profiles', {
    token,
    body: fullProfileInput(overrides),
  });
  if (response.status !== 201) throw new Error(`create profile failed: ${response.status} ${response.text}`);
  return response.body;
}
