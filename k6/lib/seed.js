// shared by the k6 scripts: the target, the loopback guard, realistic visitors, and seeding through
// the public API (a fresh user with N published profiles) in setup().
import http from 'k6/http';
import { check, fail } from 'k6';

export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');

// load is aimed at this machine only: the embedded product or the compose cluster's nginx
const LOOPBACK = /^https?:\/\/(127(?:\.\d{1,3}){3}|localhost|\[::1\])(?::\d+)?$/;
if (!LOOPBACK.test(BASE_URL)) {
  throw new Error(`BASE_URL must be a loopback address like http://127.0.0.1:3000 (got "${BASE_URL}")`);
}

export const JSON_HEADERS = { 'Content-Type': 'application/json' };

export function intEnv(name, fallback) {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (got "${raw}")`);
  return value;
}

// weights roughly as public cards are reached: mostly phones (QR scans, chat links), some desktops,
// in-app browsers, and a few crawlers and link previews that must not count as visits
const USER_AGENTS = [
  [
    30,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ],
  [
    25,
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  ],
  [
    6,
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  ],
  [
    5,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 335.0.0.26.90 (iPhone15,3; iOS 17_4; en_US; en; scale=3.00; 1290x2796; 611278341)',
  ],
  [
    3,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.30.1250',
  ],
  [
    15,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ],
  [
    6,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  ],
  [4, 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0'],
  [
    2,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  ],
  [2, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  [1, 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
  [1, 'WhatsApp/2.24.12.78 A'],
];
const UA_TOTAL = USER_AGENTS.reduce((sum, [weight]) => sum + weight, 0);
// the agents above the api takes for bots (it records no visit for them): the crawler and the link previews
const BOT_AGENTS = new Set(USER_AGENTS.slice(-3).map(([, agent]) => agent));

/** whether the api counts a request with this user agent as a visit (bots are not counted) */
export function countsAsVisit(userAgent) {
  return !BOT_AGENTS.has(userAgent);
}

/**
 * the cards to load: HANDLES (comma-separated, seeded by the caller, e.g. npm run k6) when given,
 * else `count` fresh ones seeded here; { profiles: [{ handle }], seeded } for setup() to return
 */
export function cardsToLoad(count) {
  const given = (__ENV.HANDLES || '')
    .split(',')
    .map((handle) => handle.trim())
    .filter(Boolean);
  if (given.length > 0) return { profiles: given.map((handle) => ({ handle })), seeded: false };
  return { ...seed(count), seeded: true };
}

/** a steady arrival rate for a bounded time: every script's load shape (DURATION overrides the length) */
export function steadyRate(rate, vus, defaultDuration) {
  return {
    executor: 'constant-arrival-rate',
    rate,
    timeUnit: '1s',
    duration: __ENV.DURATION || defaultDuration,
    preAllocatedVUs: vus,
    maxVUs: vus * 2,
    gracefulStop: '5s',
  };
}

export function randomUserAgent() {
  let pick = Math.random() * UA_TOTAL;
  for (const [weight, agent] of USER_AGENTS) {
    pick -= weight;
    if (pick < 0) return agent;
  }
  return USER_AGENTS[0][1];
}

export function uuidv4() {
  const hex = [];
  for (let i = 0; i < 32; i++) hex.push(Math.floor(Math.random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

// a small pool of returning visitors per VU plus first-time visitors. the api counts a visitor by
// address and browser (per card and day, nothing stored in the browser), so each simulated visitor
// has its own user agent and address; the address (198.18.0.0/15, kept for benchmarks) only counts
// where the api believes X-Forwarded-For from the load generator (TRUST_PROXY), else all share one
const returning = [];
function benchmarkAddress() {
  const n = Math.floor(Math.random() * 131072);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}
export function visitorHeaders() {
  if (Math.random() < 0.6 && returning.length > 0) {
    return { ...returning[Math.floor(Math.random() * returning.length)] };
  }
  const headers = { 'User-Agent': randomUserAgent(), 'X-Forwarded-For': benchmarkAddress() };
  if (returning.length < 50) returning.push(headers);
  return { ...headers };
}

export function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function expectStatus(response, status, what, detail = '') {
  const ok = check(response, { [`${what}: ${status}`]: (r) => r.status === status });
  if (!ok) fail(`${what}${detail} answered ${response.status}: ${String(response.body).slice(0, 300)}`);
  return response.json();
}

/**
 * setup(): a fresh user owning `count` published profiles, all created through the API.
 * returns { token, password, userId, profiles: [{ id, handle }] }, which k6 hands to every VU.
 */
export function seed(count) {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const password = `k6-${uuidv4()}`;
  const session = expectStatus(
    http.post(
      `${BASE_URL}/api/auth/register`,
      JSON.stringify({ email: `k6-${run}@example.test`, password, displayName: `k6 load ${run}` }),
      { headers: JSON_HEADERS, tags: { name: 'seed' } },
    ),
    201,
    'register',
  );
  const auth = { ...JSON_HEADERS, Authorization: `Bearer ${session.accessToken}` };
  const profiles = [];
  for (let i = 0; i < count; i++) {
    const handle = `k6-${run}-${i}`;
    const created = expectStatus(
      http.post(
        `${BASE_URL}/api/profiles`,
        JSON.stringify({
          handle,
          displayName: `Load Test ${i}`,
          tagline: 'Seeded by k6',
          bio: 'A published card created by the k6 load scripts.',
          published: true,
          contact: {
            email: `card-${i}@example.test`,
            phoneNumber: '+1 555 0100',
            company: 'Cardcraft',
            website: 'https://example.com',
          },
          socialLinks: [
            { provider: 'linkedin', url: `https://www.linkedin.com/in/k6-${i}` },
            { provider: 'github', url: `https://github.com/k6-${i}` },
          ],
        }),
        { headers: auth, tags: { name: 'seed' } },
      ),
      201,
      'create profile',
      ` ${handle}`,
    );
    profiles.push({ id: created.id, handle: created.handle });
  }
  return { token: session.accessToken, password, userId: session.userId, profiles };
}

/** teardown(): deletes the seeded user with its profiles, leads and analytics, unless KEEP_DATA=1 */
export function cleanup(data) {
  if (!data || data.seeded === false || __ENV.KEEP_DATA === '1') return;
  const response = http.del(`${BASE_URL}/api/account`, JSON.stringify({ password: data.password }), {
    headers: { ...JSON_HEADERS, Authorization: `Bearer ${data.token}` },
    tags: { name: 'seed' },
  });
  check(response, { 'delete seeded account: 204': (r) => r.status === 204 });
}
