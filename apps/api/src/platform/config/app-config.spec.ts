import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, describeConfig, loadConfig } from './app-config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'cardcraft-config-'));

describe('loadConfig', () => {
  it('runs on the embedded defaults with nothing set, generating and keeping a JWT secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: dir,
      mongoUrl: null,
      sessionTtlSeconds: 7 * 86400,
      reauthenticationWindowSeconds: 600,
      exportTtlSeconds: 7 * 86400,
      publicBaseUrl: 'http://localhost:3000',
      corsOrigins: [],
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: dataDir(),
      MONGO_URL: 'mongodb://db:27017/cardcraft',
      JWT_SECRET: 's'.repeat(40),
      SESSION_TTL: '12h',
      REAUTHENTICATION_WINDOW: '5m',
      EXPORT_TTL: '2d',
      PUBLIC_BASE_URL: 'https://cards.example.com/',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      mongoUrl: 'mongodb://db:27017/cardcraft',
      sessionTtlSeconds: 43200,
      reauthenticationWindowSeconds: 300,
      exportTtlSeconds: 2 * 86400,
      publicBaseUrl: 'https://cards.example.com',
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
      logLevel: 'warn',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number from 0 to 65535/],
    [{ MONGO_URL: 'mongodb://db/x' }, /JWT_SECRET is required when MONGO_URL is set/],
    [{ MONGO_URL: 'postgres://db/x', JWT_SECRET: 's'.repeat(40) }, /MONGO_URL must start with mongodb:/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ SESSION_TTL: 'forever' }, /SESSION_TTL must be a duration/],
    [{ EXPORT_TTL: 'a week' }, /EXPORT_TTL must be a duration/],
    [{ REAUTHENTICATION_WINDOW: '0' }, /REAUTHENTICATION_WINDOW must be a duration from 1s to 90d/],
    [{ PUBLIC_BASE_URL: 'cards.example.com' }, /PUBLIC_BASE_URL must be a URL/],
    [{ CORS_ORIGINS: 'https://a.example.com/path' }, /CORS_ORIGINS must be a comma-separated list/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ TRUST_PROXY: 'nginx' }, /TRUST_PROXY must be true, false, a hop count/],
    [{ WEB_DIST_DIR: '/nonexistent/web' }, /WEB_DIST_DIR .* has no index.html/],
    [{ WEB_SSR_DIR: '/nonexistent/ssr' }, /WEB_SSR_DIR .* has no render-card.js/],
  ])('stops on %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("finds the card's server renderer next to the web app, or where WEB_SSR_DIR says", () => {
    const web = mkdtempSync(join(tmpdir(), 'cardcraft-web-'));
    mkdirSync(join(web, 'dist'));
    writeFileSync(join(web, 'dist', 'index.html'), '<!doctype html>');
    const dist = join(web, 'dist');
    // no server build: the pages say so (503), the rest of the product starts
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_DIST_DIR: dist }).webSsrDir).toBeNull();
    mkdirSync(join(web, 'dist-ssr'));
    writeFileSync(join(web, 'dist-ssr', 'render-card.js'), 'export {}');
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_DIST_DIR: dist }).webSsrDir).toBe(join(web, 'dist-ssr'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'cardcraft-ssr-'));
    writeFileSync(join(elsewhere, 'render-card.js'), 'export {}');
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_DIST_DIR: dist, WEB_SSR_DIR: elsewhere }).webSsrDir).toBe(
      elsewhere,
    );
  });

  it('believes no proxy unless told which', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('has an abuse limit for each limited action by default, and reads each one as count/window', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.rateLimits).toEqual({
      signIn: { limit: 10, windowMs: 60_000 },
      signInPerAccount: { limit: 20, windowMs: 900_000 },
      signUp: { limit: 5, windowMs: 60_000 },
      passwordChange: { limit: 5, windowMs: 900_000 },
      accountDeletion: { limit: 5, windowMs: 900_000 },
      cardCreation: { limit: 20, windowMs: 3_600_000 },
      messages: { limit: 10, windowMs: 60_000 },
      cardExchange: { limit: 5, windowMs: 3_600_000 },
      events: { limit: 120, windowMs: 60_000 },
      uploads: { limit: 30, windowMs: 600_000 },
      passwordReset: { limit: 5, windowMs: 900_000 },
      passwordResetPerAccount: { limit: 3, windowMs: 3_600_000 },
      emailChange: { limit: 5, windowMs: 3_600_000 },
      accountExport: { limit: 5, windowMs: 3_600_000 },
      teamInvitations: { limit: 60, windowMs: 3_600_000 },
      invitationLinks: { limit: 30, windowMs: 600_000 },
      apiKeyCreation: { limit: 10, windowMs: 3_600_000 },
      webhookSends: { limit: 60, windowMs: 600_000 },
      leadChanges: { limit: 120, windowMs: 60_000 },
      shareUnlock: { limit: 10, windowMs: 900_000 },
      shareUnlockPerLink: { limit: 30, windowMs: 900_000 },
      sharedDashboard: { limit: 120, windowMs: 60_000 },
      unsubscribe: { limit: 30, windowMs: 600_000 },
      sessionLinks: { limit: 30, windowMs: 600_000 },
      secondFactor: { limit: 10, windowMs: 900_000 },
    });
    expect(defaults.maxCardsPerAccount).toBe(25);
    expect(defaults.uploads).toEqual({ maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000 });

    const set = loadConfig({
      DATA_DIR: dataDir(),
      RATE_LIMIT_EVENTS: '600/30s',
      RATE_LIMIT_SIGN_UP: ' 3 / 2h ',
      RATE_LIMIT_CARD_EXCHANGE: '2/24h',
      MAX_CARDS_PER_ACCOUNT: '100',
      RATE_LIMIT_API_KEY_CREATION: '3/1m',
      RATE_LIMIT_SHARE_UNLOCK: '4/1h',
      RATE_LIMIT_UNSUBSCRIBE: '2/1m',
    });
    expect(set.rateLimits.shareUnlock).toEqual({ limit: 4, windowMs: 3_600_000 });
    expect(set.rateLimits.unsubscribe).toEqual({ limit: 2, windowMs: 60_000 });
    expect(set.rateLimits.cardExchange).toEqual({ limit: 2, windowMs: 86_400_000 });
    expect(set.rateLimits.apiKeyCreation).toEqual({ limit: 3, windowMs: 60_000 });
    expect(set.rateLimits.events).toEqual({ limit: 600, windowMs: 30_000 });
    expect(set.rateLimits.signUp).toEqual({ limit: 3, windowMs: 7_200_000 });
    expect(set.maxCardsPerAccount).toBe(100);
  });

  it.each([
    [{ RATE_LIMIT_SIGN_IN: '10' }, /RATE_LIMIT_SIGN_IN must be a count per window like 10\/1m/],
    [{ RATE_LIMIT_MESSAGES: '0/1m' }, /RATE_LIMIT_MESSAGES must be a count per window/],
    [{ RATE_LIMIT_EVENTS: '100/2d' }, /RATE_LIMIT_EVENTS must be a count per window .*got "100\/2d"/],
    [{ RATE_LIMIT_CARD_CREATION: '5/25h' }, /window 1s to 24h/],
    [{ RATE_LIMIT_CARD_EXCHANGE: 'five/1h' }, /RATE_LIMIT_CARD_EXCHANGE must be a count per window/],
    [{ MAX_CARDS_PER_ACCOUNT: '0' }, /MAX_CARDS_PER_ACCOUNT must be a whole number from 1 to 10000/],
  ])('stops on a bad abuse limit %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('never shows secrets when described for the log', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      MONGO_URL: 'mongodb://admin:hunter2@db:27017/cardcraft',
      JWT_SECRET: 'x'.repeat(40),
    });
    const text = JSON.stringify(describeConfig(config));
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('x'.repeat(40));
  });
});
