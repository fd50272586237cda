import { sampleValue } from '../../testing/exposition';
import { startMetricsServer, type MetricsServer } from './metrics-server';
import { ServiceMetrics } from './service-metrics';

describe('the metrics port', () => {
  let server: MetricsServer;
  const metrics = new ServiceMetrics('api');

  beforeAll(async () => {
    metrics.observeRequest('GET', '/api/health', 200, 0.001);
    server = await startMetricsServer(metrics, { host: '127.0.0.1', port: 0 });
  });
  afterAll(() => server.close());

  it('serves the metrics on loopback at /metrics', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/metrics`);
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const health = { service: 'api', method: 'GET', route: '/api/health', status_code: '200' };
    expect(sampleValue(await response.text(), 'http_request_duration_seconds_count', health)).toBe(1);
  });

  it('serves nothing else', async () => {
    for (const path of ['/', '/metrics/', '/api/health']) {
      expect((await fetch(`http://127.0.0.1:${server.port}${path}`)).status).toBe(404);
    }
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(404);
  });
});
