// the hot path: visitors opening published cards, GET /api/public/profiles/:handle, at a fixed
// arrival rate for 60 s. `npm run k6` runs it against `npm run cluster` and then checks that every
// view answered 200 (bots aside) is counted in the owners' analytics (infra/scripts/k6.mjs).
//   k6 run --no-usage-report k6/public-card.js
//   BASE_URL=http://127.0.0.1:8080 RATE=400 DURATION=1m k6 run --no-usage-report k6/public-card.js
// env: BASE_URL (loopback), PROFILES (20), RATE requests/s (200), DURATION (60s), VUS (64),
//      P95_MS (100), HANDLES (cards seeded by the caller, comma-separated; else PROFILES are seeded),
//      KEEP_DATA=1 keeps the seeded user.
// the metric counted_views is the number of 200 answers to visitors the api counts (not bots): the
// analytics must show exactly that many views afterwards.
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
const VUS = intEnv('VUS', 64);

export const options = {
  scenarios: {
    cards: steadyRate(RATE, VUS, '60s'),
  },
  setupTimeout: '60s',
  teardownTimeout: '30s',
  thresholds: {
    // fewer than 0.1 % failed
    'http_req_failed{scenario:cards}': ['rate<0.001'],
    'http_req_duration{scenario:cards}': [`p(95)<${intEnv('P95_MS', 100)}`],
    'checks{scenario:cards}': ['rate>0.999'],
    // the arrival rate was kept: too few VUs or a saturated API shows up here
    dropped_iterations: [`count<${Math.max(1, Math.floor(RATE * 0.01))}`],
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

export function setup() {
  return cardsToLoad(intEnv('PROFILES', 20));
}

export default function (data) {
  const profile = pick(data.profiles);
  const headers = visitorHeaders();
  const response = http.get(`${BASE_URL}/api/public/profiles/${profile.handle}${pick(CONTEXTS)}`, {
    headers,
    tags: { name: 'GET /api/public/profiles/:handle' },
  });
  if (response.status === 200 && countsAsVisit(headers['User-Agent'])) countedViews.add(1);
  check(response, {
    'card: 200': (r) => r.status === 200,
    'card: the asked handle': (r) => r.status === 200 && r.json('handle') === profile.handle,
  });
}

export function teardown(data) {
  cleanup(data);
}
