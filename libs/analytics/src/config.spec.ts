import { AnalyticsConfigError, describeAnalyticsConfig, parseAnalyticsEnv } from './config';

const context = { dataDir: '/data', ownUrls: ['https://cards.example.com'] };

describe('analytics configuration', () => {
  it('defaults to the embedded mode: SQLite queue and chDB under the data directory', () => {
    const config = parseAnalyticsEnv({}, context);
    expect(config).toMatchObject({
      queue: { kind: 'embedded', sqliteFile: '/data/cardcraft.db' },
      store: { kind: 'chdb', dataDir: '/data/chdb' },
      enrichment: { geoipDb: null, ownUrls: ['https://cards.example.com'] },
    });
  });

  it('reads the cluster addresses and tuning', () => {
    const config = parseAnalyticsEnv(
      {
        REDIS_URL: 'redis://redis:6379',
        CLICKHOUSE_URL: 'http://clickhouse:8123/',
        CLICKHOUSE_PASSWORD: 'secret',
        ANALYTICS_FLUSH_MS: '10',
        ANALYTICS_BATCH_SIZE: '2000',
        ANALYTICS_ATTEMPTS: '5',
      },
      context,
    );
    expect(config).toMatchObject({
      queue: {
        kind: 'redis',
        redisUrl: 'redis://redis:6379',
        attempts: 5,
        journalFile: '/data/analytics-journal.sqlite',
      },
      store: { kind: 'http', url: 'http://clickhouse:8123', password: 'secret' },
      buffer: { flushMs: 10, maxBatch: 2000 },
    });
    expect(JSON.stringify(describeAnalyticsConfig(config))).not.toContain('secret');
  });

  it('hides the credentials of both addresses and the password when it describes itself', () => {
    const config = parseAnalyticsEnv(
      {
        REDIS_URL: 'redis://queue:redis-pw@redis:6379',
        CLICKHOUSE_URL: 'http://events:url-pw@clickhouse:8123',
        CLICKHOUSE_PASSWORD: 'secret',
      },
      context,
    );
    const text = JSON.stringify(describeAnalyticsConfig(config));
    for (const hidden of ['redis-pw', 'url-pw', 'secret']) expect(text).not.toContain(hidden);
    expect(text).toContain('redis:6379');
  });

  it('spaces the embedded inserts of events a second apart unless told otherwise', () => {
    expect(parseAnalyticsEnv({}, context).queue).toMatchObject({ insertIntervalMs: 1000 });
    expect(parseAnalyticsEnv({ ANALYTICS_INSERT_INTERVAL_MS: '0' }, context).queue).toMatchObject({
      insertIntervalMs: 0,
    });
    expect(() => parseAnalyticsEnv({ ANALYTICS_INSERT_INTERVAL_MS: '-5' }, context)).toThrow(
      /ANALYTICS_INSERT_INTERVAL_MS/,
    );
  });

  it('keeps the raw ips of failed batches at most a day, swept hourly unless told otherwise', () => {
    expect(parseAnalyticsEnv({}, context).queue).toMatchObject({
      ipMaxAgeMs: 86_400_000,
      ipSweepMs: 3_600_000,
    });
    expect(
      parseAnalyticsEnv({ ANALYTICS_FAILED_IP_MAX_AGE_MS: '60000', ANALYTICS_IP_SWEEP_MS: '5000' }, context)
        .queue,
    ).toMatchObject({ ipMaxAgeMs: 60_000, ipSweepMs: 5000 });
  });

  it('keeps raw events 400 days unless told otherwise; the rollups keep the totals', () => {
    expect(parseAnalyticsEnv({}, context).store.rawRetentionDays).toBe(400);
    expect(parseAnalyticsEnv({ ANALYTICS_RAW_RETENTION_DAYS: '30' }, context).store.rawRetentionDays).toBe(
      30,
    );
    expect(
      parseAnalyticsEnv({ ANALYTICS_RAW_RETENTION_DAYS: 'Forever' }, context).store.rawRetentionDays,
    ).toBeNull();
  });

  it.each([
    [{ ANALYTICS_RAW_RETENTION_DAYS: '0' }, /ANALYTICS_RAW_RETENTION_DAYS must be .* or "forever"/],
    [{ ANALYTICS_RAW_RETENTION_DAYS: '1.5' }, /ANALYTICS_RAW_RETENTION_DAYS/],
    [{ REDIS_URL: 'redis://redis:6379' }, /CLICKHOUSE_URL is required/],
    [{ CLICKHOUSE_URL: 'clickhouse:8123' }, /CLICKHOUSE_URL must be a URL|must start with/],
    [{ ANALYTICS_FLUSH_MS: 'soon' }, /ANALYTICS_FLUSH_MS/],
    [{ GEOIP_DB: '/nowhere/city.mmdb' }, /GEOIP_DB/],
    [{ ANALYTICS_QUEUE_PREFIX: 'a b' }, /ANALYTICS_QUEUE_PREFIX/],
    [
      { ANALYTICS_FAILED_IP_MAX_AGE_MS: '172800000' },
      /ANALYTICS_FAILED_IP_MAX_AGE_MS must be .* to 86400000/,
    ],
    [{ ANALYTICS_IP_SWEEP_MS: '0' }, /ANALYTICS_IP_SWEEP_MS/],
  ])('stops the start on %j', (env, message) => {
    expect(() => parseAnalyticsEnv(env, context)).toThrow(AnalyticsConfigError);
    expect(() => parseAnalyticsEnv(env, context)).toThrow(message);
  });
});
