// the hot path: visitors opening published cards, GET /api/public/profiles/:handle.
//   k6 run --no-usage-report k6/public-card.js
//   BASE_URL=http://127.0.0.1:8080 RATE=400 DURATION=1m k6 run --no-usage-report k6/public-card.js
// env: BASE_URL (loopback), PROFILES (20), RATE requests/s (200), DURATION (30s), VUS (64),
//      P95_MS (100), KEEP_DATA=1 keeps the seeded user.
import http from 'k6/http';
import { check } from 'k6';
import { BASE_URL, cleanup, intEnv, pick, seed, steadyRate, visitorHeaders } from './lib/seed.js';

const RATE = intEnv('RATE', 200);
const VUS = intEnv('VUS', 64);

export const options = {
  scenarios: {
    cards: steadyRate(RATE, VUS, '30s'),
  },
  setupTimeout: '60s',
  teardownTimeout: '30s',
  thresholds: {
    'http_req_failed{scenario:cards}': ['rate<0.01'],
    'http_req_duration{scenario:cards}': [`p(95)<${intEnv('P95_MS', 100)}`],
    'checks{scenario:cards}': ['rate>0.99'],
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
  return seed(intEnv('PROFILES', 20));
}

export default function (data) {
  const profile = pick(data.profiles);
  const response = http.get(`${BASE_URL}/api/public/profiles/${profile.handle}${pick(CONTEXTS)}`, {
    headers: visitorHeaders(),
    tags: { name: 'GET /api/public/profiles/:handle' },
  });
  check(response, {
    'card: 200': (r) => r.status === 200,
    'card: the asked handle': (r) => r.status === 200 && r.json('handle') === profile.handle,
  });
}

export function teardown(data) {
  cleanup(data);
}
