// a signed-in owner on the analytics page: the summary (every widget) and the first page of visits.
//   k6 run --no-usage-report k6/analytics-read.js
// env: BASE_URL (loopback), PROFILES (5), VIEWS seeded per profile (50), RATE page loads/s (20),
//      DURATION (30s), VUS (16), P95_MS (250), KEEP_DATA=1 keeps the seeded user.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import { BASE_URL, cleanup, intEnv, pick, seed, steadyRate, visitorHeaders } from './lib/seed.js';

const RATE = intEnv('RATE', 20);
const VUS = intEnv('VUS', 16);

export const options = {
  scenarios: {
    owners: steadyRate(RATE, VUS, '30s'),
  },
  setupTimeout: '120s',
  teardownTimeout: '30s',
  thresholds: {
    'http_req_failed{scenario:owners}': ['rate<0.01'],
    'http_req_duration{scenario:owners}': [`p(95)<${intEnv('P95_MS', 250)}`],
    'checks{scenario:owners}': ['rate>0.99'],
    dropped_iterations: [`count<${Math.max(1, Math.floor(RATE * 0.01))}`],
  },
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

function range() {
  const to = new Date(Date.now() + 60_000);
  const from = new Date(to.getTime() - 30 * 86_400_000);
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
}

export function setup() {
  const data = seed(intEnv('PROFILES', 5));
  const views = intEnv('VIEWS', 50);
  // visits to read: real page views through the public endpoint, as the worker will ingest them
  for (const profile of data.profiles) {
    const requests = [];
    for (let i = 0; i < views; i++) {
      requests.push({
        method: 'GET',
        url: `${BASE_URL}/api/public/profiles/${profile.handle}?src=qr`,
        params: { headers: visitorHeaders(), tags: { name: 'seed' } },
      });
    }
    http.batch(requests);
  }
  // wait for the ingest (buffer, queue, worker, ClickHouse) to show the first profile's visits
  const auth = { headers: { Authorization: `Bearer ${data.token}` }, tags: { name: 'seed' } };
  const first = data.profiles[0];
  for (let attempt = 0; attempt < 60; attempt++) {
    const summary = http.get(`${BASE_URL}/api/profiles/${first.id}/analytics/summary?${range()}`, auth);
    if (summary.status === 200 && summary.json('totalVisits') > 0) return data;
    sleep(0.5);
  }
  fail('the seeded views did not reach the analytics summary within 30 s');
}

export default function (data) {
  const profile = pick(data.profiles);
  const params = { headers: { Authorization: `Bearer ${data.token}` } };
  const query = range();
  const responses = http.batch([
    [
      'GET',
      `${BASE_URL}/api/profiles/${profile.id}/analytics/summary?${query}`,
      null,
      { ...params, tags: { name: 'GET /api/profiles/:id/analytics/summary' } },
    ],
    [
      'GET',
      `${BASE_URL}/api/profiles/${profile.id}/analytics/visits?${query}&pageSize=20`,
      null,
      { ...params, tags: { name: 'GET /api/profiles/:id/analytics/visits' } },
    ],
  ]);
  check(responses[0], {
    'summary: 200': (r) => r.status === 200,
    'summary: counts visits': (r) => r.status === 200 && r.json('totalVisits') > 0,
  });
  check(responses[1], {
    'visits: 200': (r) => r.status === 200,
    'visits: a page of items': (r) => r.status === 200 && Array.isArray(r.json('items')),
  });
}

export function teardown(data) {
  cleanup(data);
}
