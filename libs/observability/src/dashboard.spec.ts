// the monitoring as code (docker-compose.yml's prometheus and grafana, infra/prometheus, infra/grafana)
// cannot run here (no container engine): these checks read it, and hold the dashboard to the metrics
// the processes really expose.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { ServiceMetrics } from './adapters/prometheus/service-metrics';

const ROOT = resolve(__dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

/** the compose file with its anchors resolved (the merge keys as compose applies them) */
function compose(): { services: Record<string, ComposeService>; volumes: Record<string, unknown> } {
  return parse(read('docker-compose.yml'), { merge: true }) as ReturnType<typeof compose>;
}

/** the metric names a PromQL expression reads: its label matchers, groupings and ranges left out */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without)\s*\([^)]*\)/g, ' ');
  return (bare.match(/\b[a-zA-Z_:][\w:]*\b(?!\s*\()/g) ?? []).filter((name) => !/^\d/.test(name));
}

/** every metric name the api and the worker expose */
async function exposedNames(): Promise<Set<string>> {
  const metrics = new ServiceMetrics('api');
  metrics.observeRequest('GET', '/u/:handle', 200, 0.001, true);
  metrics.analytics.eventRecorded('view');
  metrics.analytics.batchInserted(1, 0.01);
  metrics.analytics.insertFailed(0.01);
  metrics.analytics.jobFailed('analytics.ingest-batch');
  metrics.watchBuffer(() => ({ buffered: 0, enqueued: 0, dropped: 0, failedFlushes: 0 }));
  metrics.watchQueue(async () => ({ waiting: 0, active: 0, retrying: 0, dead: 0, oldestAgeSeconds: 0 }));
  const { body } = await metrics.render();
  return new Set(
    body
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => /^[a-zA-Z_:][\w:]*/.exec(line)![0]),
  );
}

describe('monitoring as code', () => {
  it('gives the api and the worker a metrics port on the compose network, never published', () => {
    const { services } = compose();
    for (const name of ['api', 'worker']) {
      expect(services[name].environment).toMatchObject({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
      expect(services[name].ports).toBeUndefined();
    }
    // only nginx and grafana publish, on loopback by default
    const published = Object.entries(services)
      .filter(([, service]) => service.ports)
      .map(([name, service]) => [name, service.ports]);
    expect(published).toEqual([
      ['web', ['${WEB_BIND:-127.0.0.1}:${WEB_PORT:-8080}:80']],
      ['grafana', ['${GRAFANA_BIND:-127.0.0.1}:${GRAFANA_PORT:-3001}:3000']],
    ]);
  });

  it('runs Prometheus on its config and Grafana on the provisioning and dashboards of infra/grafana', () => {
    const { services, volumes } = compose();
    expect(services.prometheus.volumes).toEqual(
      expect.arrayContaining(['./infra/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro']),
    );
    expect(services.grafana.volumes).toEqual(
      expect.arrayContaining([
        './infra/grafana/provisioning:/etc/grafana/provisioning:ro',
        './infra/grafana/dashboards:/var/lib/grafana/dashboards:ro',
      ]),
    );
    expect(services.grafana.depends_on).toEqual({ prometheus: { condition: 'service_healthy' } });
    // no usage reports, no sign-up, a password the operator sets
    expect(services.grafana.environment).toMatchObject({
      GF_ANALYTICS_REPORTING_ENABLED: 'false',
      GF_ANALYTICS_CHECK_FOR_UPDATES: 'false',
      GF_USERS_ALLOW_SIGN_UP: 'false',
    });
    expect(services.grafana.environment?.GF_SECURITY_ADMIN_PASSWORD).toMatch(
      /^\$\{GRAFANA_ADMIN_PASSWORD:\?/,
    );
    expect(Object.keys(volumes)).toEqual(expect.arrayContaining(['prometheus-data', 'grafana-data']));
  });

  it('scrapes every api replica and worker on their metrics port', () => {
    const config = parse(read('infra/prometheus/prometheus.yml')) as {
      scrape_configs: Array<{ job_name: string; dns_sd_configs?: Array<{ names: string[]; port: number }> }>;
    };
    const jobs = Object.fromEntries(config.scrape_configs.map((job) => [job.job_name, job]));
    for (const name of ['api', 'worker']) {
      expect(jobs[name].dns_sd_configs).toEqual([expect.objectContaining({ names: [name], port: 9464 })]);
    }
  });

  it('provisions the Prometheus data source and the dashboards folder Grafana reads', () => {
    const sources = parse(read('infra/grafana/provisioning/datasources/prometheus.yml')) as {
      datasources: Array<{ uid: string; type: string; url: string }>;
    };
    expect(sources.datasources).toEqual([
      expect.objectContaining({
        uid: 'cardcraft-prometheus',
        type: 'prometheus',
        url: 'http://prometheus:9090',
      }),
    ]);
    const providers = parse(read('infra/grafana/provisioning/dashboards/cardcraft.yml')) as {
      providers: Array<{ options: { path: string } }>;
    };
    expect(providers.providers[0].options.path).toBe('/var/lib/grafana/dashboards');
    expect(readdirSync(join(ROOT, 'infra/grafana/dashboards'))).toContain('cardcraft.json');
  });

  it('draws the dashboard from metrics the processes expose, on the provisioned data source', async () => {
    const dashboard = JSON.parse(read('infra/grafana/dashboards/cardcraft.json')) as {
      uid: string;
      panels: Array<{
        type: string;
        title: string;
        datasource?: { uid: string };
        targets?: Array<{ expr: string }>;
      }>;
    };
    expect(dashboard.uid).toBe('cardcraft-service');
    const exposed = await exposedNames();
    // histograms are exposed as _bucket, _sum and _count; up is Prometheus's own
    const known = (name: string) => exposed.has(name) || name === 'up';
    const panels = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(panels.length).toBeGreaterThan(15);
    const unknown: string[] = [];
    for (const panel of panels) {
      expect(panel.datasource?.uid).toBe('cardcraft-prometheus');
      expect(panel.targets?.length).toBeGreaterThan(0);
      for (const { expr } of panel.targets ?? []) {
        const names = metricNames(expr);
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) if (!known(name)) unknown.push(`${panel.title}: ${name}`);
      }
    }
    expect(unknown).toEqual([]);
    // what the issue asks to watch is on it
    const exprs = panels.flatMap((panel) => panel.targets!.map((target) => target.expr)).join('\n');
    for (const name of [
      'http_request_duration_seconds_bucket',
      'cardcraft_public_card_reads_total',
      'cardcraft_analytics_events_recorded_total',
      'cardcraft_analytics_buffer_events',
      'cardcraft_analytics_buffer_dropped_events_total',
      'cardcraft_analytics_queue_jobs',
      'cardcraft_analytics_queue_oldest_job_age_seconds',
      'cardcraft_analytics_batches_inserted_total',
      'cardcraft_analytics_rows_inserted_total',
      'cardcraft_analytics_insert_duration_seconds_bucket',
      'cardcraft_analytics_job_failures_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(exprs).toContain(name);
    }
  });
});
