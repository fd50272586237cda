import { ConfigError } from '@cardcraft/config';
import { parseWebhookEnv } from './webhook-config';

describe('WEBHOOK_* settings', () => {
  it('refuse private addresses, retry for about a day and cap endpoints at 20 unless set', () => {
    expect(parseWebhookEnv({})).toEqual({
      allowPrivate: false,
      retryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000],
      timeoutMs: 10_000,
      maxEndpoints: 20,
      disableAfterFailures: 10,
      disableAfterMs: 86_400_000,
      sweepMs: 30_000,
      keepMs: 30 * 86_400_000,
    });
  });

  it('read what they are given', () => {
    expect(
      parseWebhookEnv({
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_RETRY_DELAYS: '50ms, 1s,2m',
        WEBHOOK_TIMEOUT: '2s',
        WEBHOOK_MAX_ENDPOINTS: '3',
        WEBHOOK_DISABLE_AFTER: '2',
        WEBHOOK_SWEEP_INTERVAL: '500ms',
      }),
    ).toMatchObject({
      allowPrivate: true,
      retryDelaysMs: [50, 1000, 120_000],
      timeoutMs: 2000,
      maxEndpoints: 3,
      disableAfterFailures: 2,
      sweepMs: 500,
    });
    expect(parseWebhookEnv({ WEBHOOK_RETRY_DELAYS: 'none' }).retryDelaysMs).toEqual([]);
  });

  it('refuse what they cannot read, naming the variable', () => {
    expect(() => parseWebhookEnv({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(
      new ConfigError('WEBHOOK_ALLOW_PRIVATE must be true or false (got "yes")'),
    );
    expect(() => parseWebhookEnv({ WEBHOOK_RETRY_DELAYS: '5s,soon' })).toThrow(
      /^WEBHOOK_RETRY_DELAYS must be/,
    );
    expect(() => parseWebhookEnv({ WEBHOOK_RETRY_DELAYS: '25h' })).toThrow(/^WEBHOOK_RETRY_DELAYS must be/);
    expect(() => parseWebhookEnv({ WEBHOOK_TIMEOUT: '2m' })).toThrow(/^WEBHOOK_TIMEOUT must be/);
    expect(() => parseWebhookEnv({ WEBHOOK_MAX_ENDPOINTS: '0' })).toThrow(/WEBHOOK_MAX_ENDPOINTS/);
    expect(() => parseWebhookEnv({ WEBHOOK_SWEEP_INTERVAL: 'often' })).toThrow(
      /^WEBHOOK_SWEEP_INTERVAL must be/,
    );
  });
});
