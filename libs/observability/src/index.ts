export * from './metrics-config';
export * from './adapters/pino/logger';
export * from './adapters/pino/pretty';
export * from './adapters/prometheus/service-metrics';
export * from './adapters/prometheus/metrics-server';
