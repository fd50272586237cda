// engagement events at a steady rate for a bounded time: POST /api/public/profiles/:id/events.
// watches that the API keeps accepting (202) while the queue and the worker absorb the stream, and
// at the end reports how many of the events the analytics summary counts.
//   k6 run --no-usage-report k6/ingest-soak.js
// env: BASE_URL (loopback), PROFILES (10), RATE events/s (100), DURATION (2m), VUS (32),
//      P95_MS (100), KEEP_DATA=1 keeps the seeded user.
// every event comes from this one address: run the product under test with RATE_LIMIT_EVENTS raised
// (for example 1000000/1m), or the API answers 429 past 120 events a minute.
import http from 'k6/http';
import { check, sleep } from 'k6';
import {
  BASE_URL,
  JSON_HEADERS,
  cleanup,
  intEnv,
  pick,
  seed,
  steadyRate,
  visitorHeaders,
} from './lib/seed.js';

const RATE = intEnv('RATE', 100);
const VUS = intEnv('VUS', 32);

export const options = {
  scenarios: {
    events: steadyRate(RATE, VUS, '2m'),
  },
  setupTimeout: '60s',
  teardownTimeout: '90s',
  thresholds: {
    'http_req_failed{scenario:events}': ['rate<0.01'],
    'http_req_duration{scenario:events}': [`p(95)<${intEnv('P95_MS', 100)}`],
    'checks{scenario:events}': ['rate>0.99'],
    dropped_iterations: [`count<${Math.max(1, Math.floor(RATE * 0.01))}`],
  },
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

// what visitors do on a card, most often first
const EVENTS = [
  { type: 'link_clicked', target: 'https://www.linkedin.com/in/someone', weight: 40 },
  { type: 'vcard_saved', target: null, weight: 25 },
  { type: 'shared', target: null, weight: 15 },
  { type: 'email_clicked', target: null, weight: 12 },
  { type: 'call_clicked', target: null, weight: 8 },
];
const WEIGHTS = EVENTS.reduce((sum, event) => sum + event.weight, 0);

function randomEvent() {
  let roll = Math.random() * WEIGHTS;
  for (const event of EVENTS) {
    roll -= event.weight;
    if (roll < 0) return event;
  }
  return EVENTS[0];
}

export function setup() {
  return { ...seed(intEnv('PROFILES', 10)), startedAt: new Date().toISOString() };
}

export default function (data) {
  const profile = pick(data.profiles);
  const event = randomEvent();
  const response = http.post(
    `${BASE_URL}/api/public/profiles/${profile.id}/events`,
    JSON.stringify(event.target ? { type: event.type, target: event.target } : { type: event.type }),
    {
      headers: { ...JSON_HEADERS, ...visitorHeaders() },
      tags: { name: 'POST /api/public/profiles/:id/events' },
    },
  );
  check(response, { 'event: 202': (r) => r.status === 202 });
}

/** how much of the stream the summaries count, once the worker has caught up (60 s at most) */
function countedEngagement(data) {
  const to = new Date(Date.now() + 60_000).toISOString();
  const query = `from=${encodeURIComponent(data.startedAt)}&to=${encodeURIComponent(to)}`;
  let total = 0;
  for (const profile of data.profiles) {
    const response = http.get(`${BASE_URL}/api/profiles/${profile.id}/analytics/summary?${query}`, {
      headers: { Authorization: `Bearer ${data.token}` },
      tags: { name: 'seed' },
    });
    if (response.status !== 200) return null;
    const engagement = response.json('engagement') || {};
    for (const type of Object.keys(engagement)) total += engagement[type];
  }
  return total;
}

export function teardown(data) {
  let previous = -1;
  for (let attempt = 0; attempt < 30; attempt++) {
    const counted = countedEngagement(data);
    if (counted === null) break;
    if (counted === previous) {
      console.log(
        `ingest: the summaries count ${counted} engagement events (crawlers excluded; stable for 2 s)`,
      );
      break;
    }
    previous = counted;
    sleep(2);
  }
  cleanup(data);
}
