// the hot path: visitors opening published cards at a fixed arrival rate for 60 s. the first scenario
// is the page every visitor opens, GET /u/{handle} (html rendered on the server, the view recorded
// by the same request); the second, at a quarter of the rate, is the JSON read API clients make,
// GET /api/public/profiles/{handle}, which records a view too. `npm run k6` runs it against
// `npm run cluster` and then checks that every view answered 200 (bots aside) is counted in the
// owners' analytics (infra/scripts/k6.mjs).
//   k6 run --no-usage-report k6/public-card.js
//   BASE_URL=http://127.0.0.1:8080 RATE=400 DURATION=1m k6 run --no-usage-report k6/public-card.js
// env: BASE_URL (loopback), PROFILES (20), RATE page requests/s (200), JSON_RATE JSON reads/s
//      (RATE / 4), DURATION (60s), VUS (64), P95_MS (100), HANDLES (cards seeded by the caller,
//      comma-separated; else PROFILES are seeded), KEEP_DATA=1 keeps the seeded user.
// the metric counted_views is the number of 200 answers to visitors the api counts (not bots), both
// scenarios together: the analytics must show exactly that many views afterwards.
import http from 'k6/http';
import { check } from 'k6';
import { Counter } from 'k6/metrics';
import {
  BASE_URL,
  cardsToLoad,
  cleanup,
  countsAsVisit,
  intEnv,
  pick,
  steadyRate,
  visitorHeaders,
} from './lib/seed.js';

const countedViews = new Counter('counted_views');

const RATE = intEnv('RATE', 200);
const JSON_RATE = intEnv('JSON_RATE', Math.max(1, Math.floor(RATE / 4)));
const VUS = intEnv('VUS', 64);
const P95_MS = intEnv('P95_MS', 100);

export const options = {
  scenarios: {
    pages: { ...steadyRate(RATE, VUS, '60s'), exec: 'page' },
    json: { ...steadyRate(JSON_RATE, Math.max(4, Math.ceil(VUS / 4)), '60s'), exec: 'jsonRead' },
  },
  setupTimeout: '60s',
  teardownTimeout: '30s',
  thresholds: {
    // fewer than 0.1 % failed, in each scenario
    'http_req_failed{scenario:pages}': ['rate<0.001'],
    'http_req_failed{scenario:json}': ['rate<0.001'],
    'http_req_duration{scenario:pages}': [`p(95)<${P95_MS}`],
    'http_req_duration{scenario:json}': [`p(95)<${P95_MS}`],
    'checks{scenario:pages}': ['rate>0.999'],
    'checks{scenario:json}': ['rate>0.999'],
    // the arrival rate was kept: too few VUs or a saturated API shows up here
    dropped_iterations: [`count<${Math.max(1, Math.floor((RATE + JSON_RATE) * 0.01))}`],
  },
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

// how visitors arrive: QR scans, chat and social links, the odd campaign, or typed addresses
const CONTEXTS = [
  '',
  '',
  '?src=qr',
  '?src=qr',
  '?src=nfc',
  '?ref=https%3A%2F%2Fwww.linkedin.com%2F',
  '?ref=https%3A%2F%2Ft.co%2Fabc',
  '?utm_source=newsletter&utm_medium=email&utm_campaign=launch',
];

// what a browser sends with a page request
const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

export function setup() {
  return cardsToLoad(intEnv('PROFILES', 20));
}

/** a visitor opening a card's page, as a browser does from a QR code or a link */
export function page(data) {
  const profile = pick(data.profiles);
  const headers = { ...visitorHeaders(), Accept: PAGE_ACCEPT };
  const response = http.get(`${BASE_URL}/u/${profile.handle}${pick(CONTEXTS)}`, {
    headers,
    tags: { name: 'GET /u/:handle' },
  });
  if (response.status === 200 && countsAsVisit(headers['User-Agent'])) countedViews.add(1);
  check(response, {
    'page: 200': (r) => r.status === 200,
    'page: html': (r) => String(r.headers['Content-Type']).startsWith('text/html'),
    // the canonical link names the card's own address
    'page: the asked card': (r) => r.status === 200 && String(r.body).includes(`/u/${profile.handle}"`),
  });
}

/** an API client reading the card as JSON, passing the page's context along */
export function jsonRead(data) {
  const profile = pick(data.profiles);
  const headers = visitorHeaders();
  const response = http.get(`${BASE_URL}/api/public/profiles/${profile.handle}${pick(CONTEXTS)}`, {
    headers,
    tags: { name: 'GET /api/public/profiles/:handle' },
  });
  if (response.status === 200 && countsAsVisit(headers['User-Agent'])) countedViews.add(1);
  check(response, {
    'json: 200': (r) => r.status === 200,
    'json: the asked handle': (r) => r.status === 200 && r.json('handle') === profile.handle,
  });
}

export function teardown(data) {
  cleanup(data);
}
