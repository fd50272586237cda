import { freePort } from '../../../../../infra/test/services';
import { createLogger } from '@cardcraft/observability';
import { sampleValue, samples } from '../../../../../libs/observability/src/testing/exposition';
import { httpClient, createProfile, registerUser } from '../testing/http';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('the api observed: its metrics port and its request log', () => {
  let api: TestApp;
  let metricsPort: number;
  const lines: string[] = [];
  const http = httpClient(() => api.url);
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();

  beforeAll(async () => {
    metricsPort = await freePort();
    const logger = createLogger({
      level: 'info',
      service: 'api',
      pretty: false,
      destination: { write: (line: string) => lines.push(line) },
    });
    api = await startTestApp('sqlite', { METRICS_PORT: String(metricsPort), LOG_LEVEL: 'info' }, { logger });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('serves the metrics on their own loopback port, and never on the public one', async () => {
    await http.get('/api/health');
    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const health = { service: 'api', method: 'GET', route: '/api/health', status_code: '200' };
    expect(sampleValue(text, 'http_request_duration_seconds_count', health)).toBeGreaterThanOrEqual(1);
    // the public port has no such route: a 404, or the web app's own page when it is built
    for (const path of ['/metrics', '/api/metrics']) {
      const response = await http.get(path);
      if (response.status !== 404) expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.text).not.toContain('http_request_duration_seconds');
      expect(response.text).not.toContain('# TYPE');
    }
  });

  it('counts a public card read and its view, by route and status, and the requests matching no route apart', async () => {
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const before = await scrape();
    const reads = (text: string, status: string) =>
      sampleValue(text, 'cardcraft_public_card_reads_total', {
        service: 'api',
        route: '/api/public/profiles/:handle',
        status_code: status,
      }) ?? 0;
    const views = (text: string) =>
      sampleValue(text, 'cardcraft_analytics_events_recorded_total', { service: 'api', type: 'view' }) ?? 0;
    const visitor = {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Safari/604.1',
    };
    expect((await http.get(`/api/public/profiles/${profile.handle}`, { headers: visitor })).status).toBe(200);
    expect((await http.get('/api/public/profiles/no-such-card-here', { headers: visitor })).status).toBe(404);
    await http.get('/no/such/path/1234');
    const after = await scrape();
    expect(reads(after, '200') - reads(before, '200')).toBe(1);
    expect(reads(after, '404') - reads(before, '404')).toBe(1);
    expect(views(after) - views(before)).toBe(1);
    // a path that matched no route is one series, not one per path
    // (a 404, or the web app's page when it is built)
    const unmatched = samples(after).filter(
      (sample) =>
        sample.name === 'http_request_duration_seconds_count' && sample.labels.route === 'unmatched',
    );
    expect(unmatched.reduce((sum, sample) => sum + sample.value, 0)).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('/no/such/path');
    // the analytics pipeline and the process are there too
    expect(
      sampleValue(after, 'cardcraft_analytics_buffer_events', { service: 'api' }),
    ).toBeGreaterThanOrEqual(0);
    expect(
      sampleValue(after, 'cardcraft_analytics_queue_jobs', { service: 'api', state: 'waiting' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sampleValue(after, 'nodejs_eventloop_lag_p99_seconds', { service: 'api' })).toBeGreaterThanOrEqual(
      0,
    );
  });

  it('writes one JSON line a request with the request id it answers with, a caller’s own or a new one', async () => {
    lines.length = 0;
    const given = await http.get('/api/health', { headers: { 'x-request-id': 'nginx-req-0123abcd' } });
    expect(given.headers.get('x-request-id')).toBe('nginx-req-0123abcd');
    const fresh = await http.get('/api/health/ready');
    const freshId = fresh.headers.get('x-request-id');
    expect(freshId).toMatch(/^[0-9a-f-]{36}$/);
    // an id that is not a sane token is replaced
    const odd = await http.get('/api/health', { headers: { 'x-request-id': 'a b<script>' } });
    expect(odd.headers.get('x-request-id')).not.toBe('a b<script>');

    // a line is written as the answer ends, which the client may see a moment before
    const requestLines = () => entries().filter((entry) => entry.msg === 'request');
    for (let tries = 0; requestLines().length < 3 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const requests = requestLines();
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatchObject({
      level: 'info',
      service: 'api',
      reqId: 'nginx-req-0123abcd',
      method: 'GET',
      url: '/api/health',
      route: '/api/health',
      status: 200,
      ip: '127.0.0.1',
    });
    expect(typeof requests[0].ms).toBe('number');
    expect(requests[1]).toMatchObject({ reqId: freshId, url: '/api/health/ready' });
    expect(requests[2].reqId).toBe(odd.headers.get('x-request-id'));
  });

  it("writes nest's own lines (every module's Logger) as JSON through the same logger", async () => {
    lines.length = 0;
    const { Logger } = await import('@nestjs/common');
    new Logger('Analytics').warn('the queue is slow');
    expect(entries()).toEqual([
      expect.objectContaining({
        level: 'warn',
        service: 'api',
        context: 'Analytics',
        msg: 'the queue is slow',
      }),
    ]);
  });
});
