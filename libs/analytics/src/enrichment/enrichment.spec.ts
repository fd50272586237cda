import { createHmac } from 'node:crypto';
import { SqliteQueueDatabase, SqliteSaltStore } from '../adapters/sqlite-queue';
import { IPS, USER_AGENTS, sampleEvent } from '../testing/sample-events';
import { openTestEnricher } from '../testing/enricher';
import { EventLoopSlices } from '../event-loop';
import { EventEnricher } from './enricher';
import { GeoLookup } from './geo';
import { ownHostsOf, referrerHost } from './referrer';
import { UserAgentParser, isBotUserAgent } from './user-agent';
import { VisitorHasher, visitorIdsWith } from './visitor-id';

describe('user agents (ua-parser-js 1, real strings)', () => {
  const parser = new UserAgentParser();

  it.each([
    ['iphone', { device: 'mobile', browser: 'Mobile Safari', os: 'iOS' }],
    ['android', { device: 'mobile', browser: 'Chrome', os: 'Android' }],
    ['ipad', { device: 'tablet', browser: 'Mobile Safari', os: 'iOS' }],
    ['windowsChrome', { device: 'desktop', browser: 'Chrome', os: 'Windows' }],
    ['macFirefox', { device: 'desktop', browser: 'Firefox', os: 'Mac OS' }],
  ] as const)('reads a %s as %j', (name, expected) => {
    expect(parser.parse(USER_AGENTS[name])).toEqual(expected);
    expect(isBotUserAgent(USER_AGENTS[name])).toBe(false);
  });

  it('knows crawlers, headless browsers and a missing user agent as bots', () => {
    expect(isBotUserAgent(USER_AGENTS.googlebot)).toBe(true);
    expect(isBotUserAgent(USER_AGENTS.headlessChrome)).toBe(true);
    expect(isBotUserAgent('curl/8.5.0')).toBe(true);
    expect(isBotUserAgent('')).toBe(true);
  });

  it('gives the same verdict when a user agent comes again, long ones included (the verdicts are cached)', () => {
    const longBrowser = `${USER_AGENTS.iphone} ${'x'.repeat(600)}`;
    const longBot = `${USER_AGENTS.googlebot} ${'x'.repeat(600)}`;
    for (let round = 0; round < 3; round++) {
      expect(isBotUserAgent(USER_AGENTS.iphone)).toBe(false);
      expect(isBotUserAgent(USER_AGENTS.googlebot)).toBe(true);
      expect(isBotUserAgent(USER_AGENTS.headlessChrome)).toBe(true);
      expect(isBotUserAgent(longBot)).toBe(true);
      expect(isBotUserAgent(longBrowser)).toBe(isBotUserAgent(longBrowser));
    }
    // more distinct user agents than the cache holds: older ones are still judged right
    for (let i = 0; i < 1500; i++) isBotUserAgent(`Mozilla/5.0 (X11; Linux x86_64) Firefox/${i}.0`);
    expect(isBotUserAgent(USER_AGENTS.iphone)).toBe(false);
    expect(isBotUserAgent(USER_AGENTS.googlebot)).toBe(true);
  });
});

describe('geo (the GeoLite2 database shipped in the npm package)', () => {
  let geo: GeoLookup;
  beforeAll(async () => {
    geo = await GeoLookup.open();
  });

  it('finds the country, and the city where the database has one', () => {
    expect(geo.lookup(IPS.us)).toEqual({ country: 'US', city: '' });
    expect(geo.lookup(IPS.gbBracknell)).toEqual({ country: 'GB', city: 'Bracknell' });
    expect(geo.lookup(IPS.deNuremberg)).toEqual({ country: 'DE', city: 'Nuremberg' });
    expect(geo.lookup(IPS.usV6)).toEqual({ country: 'US', city: '' });
    expect(geo.lookup(`::ffff:${IPS.gbBracknell}`)).toEqual({ country: 'GB', city: 'Bracknell' });
  });

  it('answers unknown for private, malformed and missing addresses', () => {
    expect(geo.lookup(IPS.unknown)).toEqual({ country: '', city: '' });
    expect(geo.lookup('not-an-ip')).toEqual({ country: '', city: '' });
    expect(geo.lookup(null)).toEqual({ country: '', city: '' });
  });
});

describe('referrer host', () => {
  const own = ownHostsOf(['https://cards.example.test', 'http://localhost:3000']);
  it.each([
    [null, ''],
    ['', ''],
    ['not a url', ''],
    ['android-app://com.slack/', 'com.slack'],
    ['file:///etc/passwd', ''],
    ['https://www.LinkedIn.com/feed/?x=1', 'linkedin.com'],
    ['https://t.co/abc', 't.co'],
    ['https://cards.example.test/u/ada', ''],
    ['http://localhost:3000/dashboard', ''],
  ])('%j is %j', (referrer, host) => {
    expect(referrerHost(referrer, own)).toBe(host);
  });
});

describe('visitor ids and hashes', () => {
  it('derives one visitor id per browser, card and day, which cannot be joined across cards or days', async () => {
    const db = new SqliteQueueDatabase(':memory:');
    let now = new Date('2026-03-02T12:00:00Z');
    const hasher = new VisitorHasher(new SqliteSaltStore(db, () => now), () => now);
    const id = (ts: string, profile: string, ip: string, ua: string) =>
      hasher.derivedVisitorId(new Date(ts), profile, ip, ua);
    const morning = await id('2026-03-02T08:00:00Z', 'card-a', IPS.us, USER_AGENTS.iphone);
    expect(morning).toMatch(/^d-[0-9a-f]{30}$/);
    expect(await id('2026-03-02T20:00:00Z', 'card-a', IPS.us, USER_AGENTS.iphone)).toBe(morning);
    // the same person on another card, from another address or another browser: another visitor
    expect(await id('2026-03-02T08:00:00Z', 'card-b', IPS.us, USER_AGENTS.iphone)).not.toBe(morning);
    expect(await id('2026-03-02T08:00:00Z', 'card-a', IPS.gbBracknell, USER_AGENTS.iphone)).not.toBe(morning);
    expect(await id('2026-03-02T08:00:00Z', 'card-a', IPS.us, USER_AGENTS.ipad)).not.toBe(morning);
    // the next day has its own salt
    now = new Date('2026-03-03T12:00:00Z');
    expect(await id('2026-03-03T08:00:00Z', 'card-a', IPS.us, USER_AGENTS.iphone)).not.toBe(morning);
    db.close();
  });

  it('gives the id and the hash from one hmac: the id as it was always derived, the hash the digits after it', async () => {
    const db = new SqliteQueueDatabase(':memory:');
    const now = new Date('2026-03-02T12:00:00Z');
    const hasher = new VisitorHasher(new SqliteSaltStore(db, () => now), () => now);
    const ts = new Date('2026-03-02T08:00:00Z');
    const salt = await hasher.saltOfDay('2026-03-02');
    const digest = createHmac('sha256', salt)
      .update(`visitor\ncard-a\n${IPS.us}\n${USER_AGENTS.iphone}`)
      .digest('hex');
    expect(await hasher.derivedVisitorId(ts, 'card-a', IPS.us, USER_AGENTS.iphone)).toBe(
      `d-${digest.slice(0, 30)}`,
    );
    expect(await hasher.visitorHash(ts, 'card-a', IPS.us, USER_AGENTS.iphone)).toBe(digest.slice(30, 62));
    expect(visitorIdsWith(salt, 'card-a', IPS.us, USER_AGENTS.iphone, true)).toEqual({
      visitorId: `d-${digest.slice(0, 30)}`,
      visitorHash: digest.slice(30, 62),
    });
    expect(visitorIdsWith(salt, 'card-a', IPS.us, USER_AGENTS.iphone, false).visitorHash).toBe('');
    db.close();
  });

  it('rotates the salt daily, keeps yesterday, deletes older ones', async () => {
    const db = new SqliteQueueDatabase(':memory:');
    let now = new Date('2026-03-02T12:00:00Z');
    const salts = new SqliteSaltStore(db, () => now);
    const hasher = new VisitorHasher(salts, () => now);
    const day1 = await hasher.visitorHash(new Date('2026-03-02T01:00:00Z'), 'p', IPS.us, 'ua');
    expect(await hasher.visitorHash(new Date('2026-03-02T23:00:00Z'), 'p', IPS.us, 'ua')).toBe(day1);
    expect(await hasher.visitorHash(new Date('2026-03-02T23:00:00Z'), 'other', IPS.us, 'ua')).not.toBe(day1);
    now = new Date('2026-03-03T00:30:00Z');
    // an event of yesterday retried after midnight hashes as it did
    expect(await hasher.visitorHash(new Date('2026-03-02T23:59:00Z'), 'p', IPS.us, 'ua')).toBe(day1);
    expect(await hasher.visitorHash(new Date('2026-03-03T00:10:00Z'), 'p', IPS.us, 'ua')).not.toBe(day1);
    const days = () =>
      (db.db.prepare('SELECT day FROM analytics_salts ORDER BY day').all() as { day: string }[]).map(
        (r) => r.day,
      );
    expect(days()).toEqual(['2026-03-02', '2026-03-03']);
    now = new Date('2026-03-05T08:00:00Z');
    await salts.saltFor('2026-03-05');
    expect(days()).toEqual(['2026-03-05']);
    db.close();
  });
});

describe('event enricher and privacy', () => {
  let enricher: EventEnricher;
  let db: SqliteQueueDatabase;
  beforeAll(async () => {
    ({ enricher, db } = await openTestEnricher());
  });
  afterAll(() => db.close());

  it('stores geo and a hash where the profile collects them, never the ip', async () => {
    const [row] = await enricher.enrich('b', [
      sampleEvent({ profileId: 'p', ip: IPS.gbBracknell, userAgent: USER_AGENTS.android, channel: 'QR' }),
    ]);
    expect(row).toMatchObject({
      country: 'GB',
      city: 'Bracknell',
      device: 'mobile',
      channel: 'qr',
      batch_id: 'b',
    });
    expect(row.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(row.visitor_id).toMatch(/^d-[0-9a-f]{30}$/);
    expect(JSON.stringify(row)).not.toContain(IPS.gbBracknell);
  });

  it('stores no geo and no hash when both privacy flags are off', async () => {
    const [row] = await enricher.enrich('b', [
      sampleEvent({
        profileId: 'p',
        ip: IPS.gbBracknell,
        collectGeo: false,
        collectIp: false,
      }),
    ]);
    expect(row).toMatchObject({ country: '', city: '', visitor_hash: '' });
    expect(row.visitor_id).toMatch(/^d-[0-9a-f]{30}$/);
  });

  it('enriches an event whose ip was stripped (a late replay): no geo, no hash, a visitor id all the same', async () => {
    const [row] = await enricher.enrich('b', [
      sampleEvent({ profileId: 'p', ip: null, userAgent: USER_AGENTS.android }),
    ]);
    expect(row).toMatchObject({ country: '', city: '', visitor_hash: '', device: 'mobile' });
    expect(row.visitor_id).toMatch(/^d-[0-9a-f]{30}$/);
  });

  it('derives the same visitor id for the same browser on the same day', async () => {
    const e = () => sampleEvent({ profileId: 'p', ip: IPS.us, userAgent: USER_AGENTS.ipad });
    const [a, b] = await enricher.enrich('b', [e(), e()]);
    expect(a.visitor_id).toBe(b.visitor_id);
  });

  it('calls a campaign a campaign and an outside site a referral', async () => {
    const rows = await enricher.enrich('b', [
      sampleEvent({ profileId: 'p', utmSource: 'newsletter' }),
      sampleEvent({ profileId: 'p', referrer: 'https://news.ycombinator.com/item?id=1' }),
      sampleEvent({ profileId: 'p', referrer: 'https://cards.example.test/u/ada' }),
    ]);
    expect(rows.map((r) => [r.channel, r.referrer_host, r.referrer])).toEqual([
      ['campaign', '', ''],
      ['referral', 'news.ycombinator.com', 'https://news.ycombinator.com/item?id=1'],
      ['direct', '', ''],
    ]);
  });

  it('lets other callbacks run between slices of a long batch, and writes the same rows as in one go', async () => {
    const events = Array.from({ length: 1000 }, (_, i) =>
      sampleEvent({
        profileId: `p-${i % 7}`,
        ip: i % 2 ? IPS.us : IPS.deNuremberg,
        userAgent: USER_AGENTS.ipad,
      }),
    );
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    // a slice of 0 ms is always used up: the enricher pauses at every check
    const sliced = await enricher.enrichRows('b', events, new EventLoopSlices(0));
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(10);
    const whole = await enricher.enrichRows('b', events);
    expect(sliced.body().equals(whole.body())).toBe(true);
    expect(sliced.chunks.length).toBeGreaterThan(1);
  });
});
