import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { startMetricsServer, type MetricsServer, type ServiceMetrics } from '@cardcraft/observability';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SERVICE_METRICS } from './observability.tokens';

/** the metrics port (METRICS_PORT, on METRICS_HOST): up with the application, down with it */
@Injectable()
export class MetricsEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: MetricsServer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SERVICE_METRICS) private readonly metrics: ServiceMetrics,
  ) {}

  get url(): string | null {
    return this.server?.url ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port, host } = this.config.metrics;
    if (port === null) return;
    this.server = await startMetricsServer(this.metrics, { host, port });
    new Logger('Metrics').log(`Prometheus metrics on ${this.server.url}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }
}

/** the metrics every module may feed (one global instance per application), and their own port */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(metrics: ServiceMetrics): DynamicModule {
    return {
      module: ObservabilityModule,
      providers: [{ provide: SERVICE_METRICS, useValue: metrics }, MetricsEndpoint],
      exports: [SERVICE_METRICS, MetricsEndpoint],
    };
  }
}
