import { ConfigError } from '@cardcraft/config';
import { parseMetricsEnv } from './metrics-config';

describe('metrics configuration', () => {
  it('is off without METRICS_PORT, and bound to loopback unless told otherwise', () => {
    expect(parseMetricsEnv({})).toEqual({ port: null, host: '127.0.0.1' });
    expect(parseMetricsEnv({ METRICS_PORT: '9464' })).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(parseMetricsEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
  });

  it('refuses a port out of range and an address that is not one', () => {
    expect(() => parseMetricsEnv({ METRICS_PORT: '0' })).toThrow(ConfigError);
    expect(() => parseMetricsEnv({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT/);
    expect(() => parseMetricsEnv({ METRICS_PORT: '9464', METRICS_HOST: 'a b' })).toThrow(/METRICS_HOST/);
  });
});
