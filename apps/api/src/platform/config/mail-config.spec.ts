import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, describeConfig, loadConfig } from './app-config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'cardcraft-mail-config-'));

describe('mail configuration', () => {
  it('writes to DATA_DIR/outbox from no-reply at the public host by default', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, PUBLIC_BASE_URL: 'https://cards.example.com' });
    expect(config.mail).toEqual({
      smtpUrl: null,
      from: 'Cardcraft <no-reply@cards.example.com>',
      outboxDir: join(dir, 'outbox'),
      retryDelaysMs: [2_000, 15_000, 60_000, 300_000],
      linkTtlSeconds: 3600,
    });
  });

  it('reads SMTP_URL, MAIL_FROM, MAIL_LINK_TTL and MAIL_RETRY_DELAYS, and hides the password in the log', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465',
      MAIL_FROM: 'Ada at Cardcraft <ada@example.com>',
      MAIL_LINK_TTL: '30m',
      MAIL_RETRY_DELAYS: '500ms, 10s,1h',
    });
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtps://mailer:s3cret@smtp.example.com:465',
      from: 'Ada at Cardcraft <ada@example.com>',
      linkTtlSeconds: 1800,
      retryDelaysMs: [500, 10_000, 3_600_000],
    });
    expect(JSON.stringify(describeConfig(config))).not.toContain('s3cret');
    expect(loadConfig({ DATA_DIR: dataDir(), MAIL_RETRY_DELAYS: 'none' }).mail.retryDelaysMs).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir(), MAIL_FROM: 'plain@example.com' }).mail.from).toBe(
      'plain@example.com',
    );
  });

  it.each([
    [{ SMTP_URL: 'http://smtp.example.com' }, 'SMTP_URL must start with smtp: or smtps:'],
    [{ MAIL_FROM: 'Cardcraft' }, 'MAIL_FROM must be an e-mail address'],
    [{ MAIL_LINK_TTL: '10s' }, 'MAIL_LINK_TTL must be a duration'],
    [{ MAIL_RETRY_DELAYS: '2s,soon' }, 'MAIL_RETRY_DELAYS must be'],
  ])('stops the start on a bad value: %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
