import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../platform/testing/paths';
import type {
  AnalyticsOverviewResponse,
  ErrorResponse,
  ProfileResponse,
  PublicProfileResponse,
  VisitListResponse,
  VisitSummaryResponse,
} from '@cardcraft/contracts';
import type { AnalyticsRuntime } from '@cardcraft/analytics';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../../infra/test/clickhouse-http-fixture';
import { startTestRedis, uniquePrefix, type TestRedis } from '../../../../infra/test/redis';
import {
  createProfile,
  fullProfileInput,
  httpClient,
  registerUser,
  type HttpClient,
} from '../platform/testing/http';
import { startTestApp, type TestApp } from '../platform/testing/test-app';
import { ANALYTICS_RUNTIME } from './analytics.tokens';
import { eventually } from '../platform/testing/eventually';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
};

const range = () => {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 120_000).toISOString();
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
};

/** one simulated visitor: the tests act as the proxy, so each gets its own address and browser */
function visitHeaders(ua: string, ip: string): Record<string, string> {
  return { 'user-agent': ua, 'x-forwarded-for': ip };
}

describe('analytics over HTTP, embedded mode (SQLite queue, chDB, worker loop in the api)', () => {
  let testApp: TestApp;
  let http: HttpClient;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let visitor: Awaited<ReturnType<typeof registerUser>>;
  let profile: ProfileResponse;

  const summary = (id = profile.id, token = owner.accessToken) =>
    http.get<VisitSummaryResponse>(`/api/profiles/${id}/analytics/summary?${range()}`, { token });
  const runtime = () => testApp.app.get<symbol, AnalyticsRuntime>(ANALYTICS_RUNTIME);
  /** rows as the analytics store holds them, to check what is (not) stored */
  const storedRows = async (query: string, params: Record<string, string>) => {
    const store = runtime().store as unknown as {
      client: { query: (q: object) => Promise<{ json: <T>() => Promise<T[]> }> };
    };
    const result = await store.client.query({ query, query_params: params, format: 'JSONEachRow' });
    return result.json<Record<string, string>>();
  };

  beforeAll(async () => {
    testApp = await startTestApp('sqlite');
    http = httpClient(testApp.url);
    owner = await registerUser(http);
    visitor = await registerUser(http, { displayName: 'Grace Hopper' });
    profile = await createProfile(http, owner.accessToken, {
      published: true,
      privacy: { collectGeo: true, collectIp: true, showIdentifiedViewers: true, allowMessages: true },
    });
  }, 30_000);
  afterAll(() => testApp?.close());

  it('shows a view of a published card in the summary within 5 s, with its origin', async () => {
    const started = Date.now();
    const read = await http.get(
      `/api/public/profiles/${profile.handle}?ref=${encodeURIComponent('https://www.linkedin.com/feed/')}&utm_source=linkedin&utm_medium=social&utm_campaign=launch&src=qr`,
      { headers: visitHeaders(UA.iphone, '81.2.69.160') },
    );
    expect(read.status).toBe(200);
    const body = (await eventually(summary, (r) => r.body.totalVisits === 1)).body;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(body).toMatchObject({
      totalVisits: 1,
      uniqueVisitors: 1,
      authenticatedVisits: 0,
      guestVisits: 1,
      visitsByCountry: { GB: 1 },
      visitsByDevice: { mobile: 1 },
      visitsByReferrer: { 'linkedin.com': 1 },
    });
  });

  it('reports the embedded analytics store in the readiness check', async () => {
    const ready = await http.get<{ checks: Record<string, string> }>('/api/health/ready');
    expect(ready.body.checks.chdb).toBe('up');
  });

  it('does not count the owner, bots, headless browsers or HEAD requests', async () => {
    const path = `/api/public/profiles/${profile.handle}`;
    await http.get(path, { token: owner.accessToken, headers: visitHeaders(UA.desktop, '8.8.8.8') });
    await http.get(path, { headers: visitHeaders(UA.googlebot, '8.8.8.8') });
    await http.get(path, { headers: visitHeaders(UA.headless, '8.8.8.8') });
    await http.request('HEAD', path, { headers: visitHeaders(UA.desktop, '8.8.8.8') });
    // a counted view after them: once it shows, the ignored ones would have shown too
    await http.get(path, { headers: visitHeaders(UA.ipad, '8.8.8.8') });
    const body = (await eventually(summary, (r) => r.body.totalVisits >= 2)).body;
    expect(body.totalVisits).toBe(2);
    expect(body.visitsByDevice).toEqual({ mobile: 1, tablet: 1 });
    expect(body.visitsByCountry).toEqual({ GB: 1, US: 1 });
  });

  it('records engagement events (202) and a message as message_sent', async () => {
    const post = (type: string, target?: string) =>
      http.post(`/api/public/profiles/${profile.id}/events`, {
        body: { type, target },
        headers: visitHeaders(UA.desktop, '78.46.0.1'),
      });
    for (const type of ['vcard_saved', 'shared', 'email_clicked', 'call_clicked']) {
      const response = await post(type);
      expect(response.status).toBe(202);
      expect(response.text).toBe('');
    }
    expect((await post('link_clicked', 'https://github.com/ada')).status).toBe(202);
    expect((await post('link_clicked', 'https://linkedin.com/in/ada')).status).toBe(202);
    const lead = await http.post(`/api/profiles/${profile.id}/leads`, {
      body: { email: 'lead@example.com', message: 'Hello', consent: true },
      headers: visitHeaders(UA.desktop, '78.46.0.1'),
    });
    expect(lead.status).toBe(201);
    const body = (await eventually(summary, (r) => r.body.engagement.message_sent === 1)).body;
    expect(body.engagement).toEqual({
      vcard_saved: 1,
      shared: 1,
      email_clicked: 1,
      call_clicked: 1,
      link_clicked: 2,
      message_sent: 1,
    });
    expect(body.totalVisits).toBe(2);
  });

  it('answers the insights, live visitors and both CSV exports for a card', async () => {
    const card = await createProfile(http, owner.accessToken, { published: true });
    const base = `/api/profiles/${card.id}/analytics`;
    const empty = await http.get<VisitSummaryResponse>(`${base}/summary?${range()}`, {
      token: owner.accessToken,
    });
    expect(empty.body).toMatchObject({
      totalVisits: 0,
      visitsByChannel: {},
      clicksByLink: [],
      clicksByBlock: [],
      funnel: [
        { step: 'viewed', visitors: 0, shareOfViewers: null },
        { step: 'saved_or_shared', visitors: 0, shareOfViewers: null },
        { step: 'clicked', visitors: 0, shareOfViewers: null },
        { step: 'messaged', visitors: 0, shareOfViewers: null },
      ],
    });
    const ada = visitHeaders(UA.iphone, '8.8.8.8');
    const grace = visitHeaders(UA.android, '81.2.69.160');
    const alan = visitHeaders(UA.ipad, '78.46.0.1');
    await http.get(`/api/public/profiles/${card.handle}?src=qr`, { headers: ada });
    await http.get(`/api/public/profiles/${card.handle}?src=nfc`, { headers: grace });
    await http.get(`/api/public/profiles/${card.handle}`, { headers: alan });
    const event = (headers: Record<string, string>, type: string, target?: string) =>
      http.post(`/api/public/profiles/${card.id}/events`, { body: { type, target }, headers });
    await event(ada, 'vcard_saved');
    await event(ada, 'link_clicked', 'https://github.com/ada');
    await event(ada, 'link_clicked', 'https://github.com/ada');
    await event(alan, 'link_clicked', 'https://linkedin.com/in/ada');
    await http.post(`/api/profiles/${card.id}/leads`, {
      body: { email: 'grace@example.com', message: 'Hello', consent: true },
      headers: grace,
    });
    const read = () =>
      http.get<VisitSummaryResponse>(`${base}/summary?${range()}`, { token: owner.accessToken });
    const body = (
      await eventually(read, (r) => r.body.engagement.message_sent === 1 && r.body.totalVisits === 3)
    ).body;
    expect(body.funnel).toEqual([
      { step: 'viewed', visitors: 3, shareOfViewers: 1 },
      { step: 'saved_or_shared', visitors: 1, shareOfViewers: 0.333 },
      { step: 'clicked', visitors: 2, shareOfViewers: 0.667 },
      { step: 'messaged', visitors: 1, shareOfViewers: 0.333 },
    ]);
    expect(body.visitsByChannel).toEqual({ qr: 1, nfc: 1, direct: 1 });
    // one visitor clicked GitHub twice; rates are of the 3 views
    expect(body.clicksByLink).toEqual([
      { target: 'https://github.com/ada', clicks: 2, uniqueClicks: 1, clickRate: 0.667 },
      { target: 'https://linkedin.com/in/ada', clicks: 1, uniqueClicks: 1, clickRate: 0.333 },
    ]);
    expect(body.clicksByBlock).toEqual([
      { id: 'social:GitHub', kind: 'social', label: 'GitHub', clicks: 2, uniqueClicks: 1, clickRate: 0.667 },
      { id: 'social:LinkedIn', kind: 'social', label: 'Work', clicks: 1, uniqueClicks: 1, clickRate: 0.333 },
    ]);
    expect(body.comparison.previous).toMatchObject({ visits: 0, uniqueVisitors: 0, saves: 0, messages: 0 });
    expect(body.comparison.changePercent).toEqual({
      visits: null,
      uniqueVisitors: null,
      saves: null,
      messages: null,
    });

    const live = await http.get<{ visits: number; visitors: number; windowSeconds: number }>(`${base}/live`, {
      token: owner.accessToken,
    });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ windowSeconds: 300, visits: 3, visitors: 3 });

    const visitsCsv = await http.get(`${base}/visits.csv?${range()}`, { token: owner.accessToken });
    expect(visitsCsv.status).toBe(200);
    expect(visitsCsv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(visitsCsv.headers.get('content-disposition')).toBe(`attachment; filename="visits-${card.id}.csv"`);
    const lines = visitsCsv.text.trim().split('\r\n');
    expect(lines[0]).toBe('Visited (UTC),Visitor,Name,Country,City,Device,Referrer');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 7).join(','))).toEqual([
      'guest,,DE,Nuremberg,tablet,Direct',
      'guest,,GB,Bracknell,mobile,Direct',
      'guest,,US,,mobile,Direct',
    ]);
    const summaryCsv = await http.get(`${base}/summary.csv?${range()}`, { token: owner.accessToken });
    expect(summaryCsv.status).toBe(200);
    expect(summaryCsv.text.split('\r\n')).toEqual(
      expect.arrayContaining([
        'Section,Item,Value',
        'totals,visits,3',
        'channel,qr,1',
        'funnel visitors,clicked,2',
        'clicks by link,https://github.com/ada,2',
        'clicks by block,GitHub,2',
      ]),
    );
    // the same owner checks as the json routes
    expect((await http.get(`${base}/live`, { token: visitor.accessToken })).status).toBe(404);
    expect((await http.get(`${base}/visits.csv?${range()}`)).status).toBe(401);
    expect(
      (await http.get(`${base}/summary.csv?from=nope&to=2026-01-01`, { token: owner.accessToken })).status,
    ).toBe(400);
  }, 30_000);

  it('refuses events for unknown and draft profiles (404) and unknown types (400)', async () => {
    const draft = await createProfile(http, owner.accessToken, { published: false });
    expect(
      (await http.post(`/api/public/profiles/${draft.id}/events`, { body: { type: 'shared' } })).status,
    ).toBe(404);
    expect((await http.post('/api/public/profiles/nope/events', { body: { type: 'shared' } })).status).toBe(
      404,
    );
    const bad = await http.post<ErrorResponse>(`/api/public/profiles/${profile.id}/events`, {
      body: { type: 'view' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].field).toBe('type');
  });

  it('lists visits newest first, names signed-in visitors only when the owner shows them, pages with a cursor', async () => {
    await http.get(`/api/public/profiles/${profile.handle}?ref=${encodeURIComponent('https://t.co/xyz')}`, {
      token: visitor.accessToken,
      headers: visitHeaders(UA.desktop, '78.46.0.1'),
    });
    await eventually(summary, (r) => r.body.totalVisits === 3);
    const first = await http.get<VisitListResponse>(
      `/api/profiles/${profile.id}/analytics/visits?${range()}&pageSize=2`,
      {
        token: owner.accessToken,
      },
    );
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.items[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      visitorType: 'authenticated',
      visitorName: 'Grace Hopper',
      city: 'Nuremberg',
      country: 'DE',
      device: 'desktop',
      referrer: 't.co',
      createdAtUtc: expect.stringMatching(/Z$/),
    });
    expect(first.body.items[1]).toMatchObject({
      visitorType: 'guest',
      visitorName: null,
      device: 'tablet',
      country: 'US',
    });
    const second = await http.get<VisitListResponse>(
      `/api/profiles/${profile.id}/analytics/visits?${range()}&pageSize=2&cursor=${first.body.nextCursor}`,
      { token: owner.accessToken },
    );
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0]).toMatchObject({
      city: 'Bracknell',
      country: 'GB',
      device: 'mobile',
      referrer: 'linkedin.com',
    });
    expect(second.body.nextCursor).toBeNull();

    const hidden = await http.put<ProfileResponse>(`/api/profiles/${profile.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({
        handle: profile.handle,
        published: true,
        privacy: { collectGeo: true, collectIp: true, showIdentifiedViewers: false, allowMessages: true },
      }),
    });
    expect(hidden.status).toBe(200);
    const anonymous = await http.get<VisitListResponse>(
      `/api/profiles/${profile.id}/analytics/visits?${range()}`,
      {
        token: owner.accessToken,
      },
    );
    expect(anonymous.body.items[0]).toMatchObject({ visitorType: 'authenticated', visitorName: null });
  });

  it('keeps no user id of a signed-in visitor where the owner does not show them, and still counts the visit as authenticated', async () => {
    const unnamed = await createProfile(http, owner.accessToken, {
      published: true,
      privacy: { collectGeo: true, collectIp: true, showIdentifiedViewers: false, allowMessages: true },
    });
    const card = await http.get<PublicProfileResponse>(`/api/public/profiles/${unnamed.handle}`, {
      token: visitor.accessToken,
      headers: visitHeaders(UA.desktop, '78.46.0.1'),
    });
    // the card tells a signed-in visitor whether the owner sees them by name: here not
    expect(card.body.ownerSeesVisitorNames).toBe(false);
    await http.post(`/api/public/profiles/${unnamed.id}/events`, {
      token: visitor.accessToken,
      body: { type: 'vcard_saved' },
      headers: visitHeaders(UA.desktop, '78.46.0.1'),
    });
    await http.get(`/api/public/profiles/${unnamed.handle}`, { headers: visitHeaders(UA.iphone, '8.8.8.8') });
    const body = (
      await eventually(
        () => summary(unnamed.id),
        (r) => r.body.totalVisits === 2 && r.body.engagement.vcard_saved === 1,
      )
    ).body;
    expect(body).toMatchObject({ totalVisits: 2, authenticatedVisits: 1, guestVisits: 1 });
    const stored = await storedRows(
      'SELECT type, user_id, authenticated FROM events WHERE profile_id = {p:String} ORDER BY ts',
      { p: unnamed.id },
    );
    expect(stored).toEqual([
      { type: 'view', user_id: '', authenticated: 1 },
      { type: 'vcard_saved', user_id: '', authenticated: 1 },
      { type: 'view', user_id: '', authenticated: 0 },
    ]);
    expect(JSON.stringify(stored)).not.toContain(visitor.userId);

    // showing identified visitors later names later visits only: the earlier one was never kept
    await http.put(`/api/profiles/${unnamed.id}`, {
      token: owner.accessToken,
      body: fullProfileInput({
        handle: unnamed.handle,
        published: true,
        privacy: { collectGeo: true, collectIp: true, showIdentifiedViewers: true, allowMessages: true },
      }),
    });
    // read by the owner, whose views are not counted
    const named = await http.get<PublicProfileResponse>(`/api/public/profiles/${unnamed.handle}`, {
      token: owner.accessToken,
    });
    expect(named.body.ownerSeesVisitorNames).toBe(true);
    const visits = await http.get<VisitListResponse>(
      `/api/profiles/${unnamed.id}/analytics/visits?${range()}`,
      { token: owner.accessToken },
    );
    expect(visits.body.items.map((v) => [v.visitorType, v.visitorName])).toEqual([
      ['guest', null],
      ['authenticated', null],
    ]);
  });

  it('never fails a card read over its analytics context: app referrers, long campaigns', async () => {
    const card = await createProfile(http, owner.accessToken, { published: true });
    const read = await http.get(
      `/api/public/profiles/${card.handle}?ref=${encodeURIComponent('android-app://com.google.android.gm/')}&utm_campaign=${'x'.repeat(300)}`,
      { headers: visitHeaders(UA.android, '8.8.8.8') },
    );
    expect(read.status).toBe(200);
    const body = (
      await eventually(
        () => summary(card.id),
        (r) => r.body.totalVisits === 1,
      )
    ).body;
    expect(body.visitsByReferrer).toEqual({ 'com.google.android.gm': 1 });
  });

  it('counts unique visitors by address and browser, per card, whatever X-Visitor-Id says', async () => {
    const card = await createProfile(http, owner.accessToken, { published: true });
    const other = await createProfile(http, owner.accessToken, { published: true });
    const read = (handle: string, ua: string, ip: string, storedId: string) =>
      http.get(`/api/public/profiles/${handle}`, {
        headers: { ...visitHeaders(ua, ip), 'x-visitor-id': storedId },
      });
    // one browser sending two stored ids is one visitor; two browsers sending one id are two
    await read(card.handle, UA.iphone, '81.2.69.160', 'visitor-stored-0001');
    await read(card.handle, UA.iphone, '81.2.69.160', 'visitor-stored-0002');
    await read(card.handle, UA.desktop, '78.46.0.1', 'visitor-stored-0001');
    await read(other.handle, UA.iphone, '81.2.69.160', 'visitor-stored-0001');
    const body = (
      await eventually(
        () => summary(card.id),
        (r) => r.body.totalVisits === 3,
      )
    ).body;
    expect(body.uniqueVisitors).toBe(2);
    await eventually(
      () => summary(other.id),
      (r) => r.body.totalVisits === 1,
    );
    const rows = await storedRows(
      'SELECT profile_id, visitor_id, user_agent FROM events WHERE profile_id IN ({a:String}, {b:String})',
      { a: card.id, b: other.id },
    );
    expect(JSON.stringify(rows)).not.toContain('visitor-stored');
    const iphoneOn = (id: string) =>
      rows.filter((r) => r.profile_id === id && r.user_agent === UA.iphone).map((r) => r.visitor_id);
    expect(new Set(iphoneOn(card.id)).size).toBe(1);
    // the same browser on another card cannot be joined to its visits here
    expect(iphoneOn(other.id)).toHaveLength(1);
    expect(iphoneOn(card.id)).not.toContain(iphoneOn(other.id)[0]);
  });

  it('stores no geo and no hash for a profile with both privacy flags off', async () => {
    const quiet = await createProfile(http, owner.accessToken, {
      published: true,
      privacy: { collectGeo: false, collectIp: false, showIdentifiedViewers: true, allowMessages: true },
    });
    await http.get(`/api/public/profiles/${quiet.handle}`, {
      headers: visitHeaders(UA.iphone, '81.2.69.160'),
    });
    const body = (
      await eventually(
        () => summary(quiet.id),
        (r) => r.body.totalVisits === 1,
      )
    ).body;
    expect(body.visitsByCountry).toEqual({});
    const rows = await storedRows(
      'SELECT country, city, visitor_hash FROM events WHERE profile_id = {p:String}',
      { p: quiet.id },
    );
    expect(rows).toEqual([{ country: '', city: '', visitor_hash: '' }]);
  });

  it('answers only the owner: 401 signed out, 404 for another user, 409 for a draft', async () => {
    expect((await http.get(`/api/profiles/${profile.id}/analytics/summary?${range()}`)).status).toBe(401);
    expect((await summary(profile.id, visitor.accessToken)).status).toBe(404);
    const draft = await createProfile(http, owner.accessToken, { published: false });
    const conflict = await summary(draft.id);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({ error: 'Analytics are only available for published profiles.' });
    const visits = await http.get(`/api/profiles/${draft.id}/analytics/visits?${range()}`, {
      token: owner.accessToken,
    });
    expect(visits.status).toBe(409);
  });

  it.each([
    ['from=yesterday&to=2026-01-02T00:00:00Z', 'from'],
    ['from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
    ['from=2025-01-01T00:00:00Z&to=2026-01-03T00:00:00Z', 'to'],
    ['to=2026-01-03T00:00:00Z', 'from'],
  ])('answers 400 in the API error shape for %s', async (query, field) => {
    const response = await http.get<ErrorResponse>(`/api/profiles/${profile.id}/analytics/summary?${query}`, {
      token: owner.accessToken,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual(expect.any(String));
    expect(response.body.errors?.map((e) => e.field)).toContain(field);
  });

  it('refuses a page size out of 1..100 and a forged cursor', async () => {
    const base = `/api/profiles/${profile.id}/analytics/visits?${range()}`;
    expect((await http.get(`${base}&pageSize=0`, { token: owner.accessToken })).status).toBe(400);
    expect((await http.get(`${base}&pageSize=101`, { token: owner.accessToken })).status).toBe(400);
    const forged = await http.get<ErrorResponse>(`${base}&cursor=bm9wZQ`, { token: owner.accessToken });
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toEqual([{ field: 'cursor', message: 'cursor is not valid' }]);
  });

  it('refuses an unknown time zone, an unknown comparison and too long a filter, with a clear 400', async () => {
    const token = owner.accessToken;
    const paths = ['summary', 'visits', 'summary.csv', 'visits.csv'];
    for (const path of paths) {
      const base = `/api/profiles/${profile.id}/analytics/${path}?${range()}`;
      const zone = await http.get<ErrorResponse>(`${base}&tz=Mars%2FOlympus`, { token });
      expect(zone.status).toBe(400);
      expect(zone.body.errors).toEqual([
        { field: 'tz', message: 'tz must be a time zone such as Europe/Berlin or Asia/Kolkata' },
      ]);
      const compare = await http.get<ErrorResponse>(`${base}&compare=decade`, { token });
      expect(compare.status).toBe(400);
      expect(compare.body.errors).toEqual([
        { field: 'compare', message: 'compare must be previous or year' },
      ]);
      const long = await http.get<ErrorResponse>(`${base}&country=${'x'.repeat(2049)}`, { token });
      expect(long.status).toBe(400);
      expect(long.body.errors).toEqual([
        { field: 'country', message: 'A filter value must be 1 to 2048 characters' },
      ]);
    }
    const overview = await http.get<ErrorResponse>(`/api/analytics/overview?${range()}&tz=Nowhere`, {
      token,
    });
    expect(overview.status).toBe(400);
  });

  it('narrows every widget to a filter, counts in a zone, and compares with a year before', async () => {
    const token = owner.accessToken;
    const all = (await summary()).body;
    const fromGb = all.visitsByCountry.GB ?? 0;
    expect(fromGb).toBeGreaterThan(0);
    const base = `/api/profiles/${profile.id}/analytics`;
    const narrowed = await http.get<VisitSummaryResponse>(
      `${base}/summary?${range()}&country=GB&tz=Asia%2FKolkata&compare=year`,
      { token },
    );
    expect(narrowed.status).toBe(200);
    expect(narrowed.body).toMatchObject({
      totalVisits: fromGb,
      visitsByCountry: { GB: fromGb },
      timeZone: 'Asia/Kolkata',
      filters: { country: 'GB' },
      comparison: { kind: 'year' },
    });
    // hourly buckets of +05:30 start half past a UTC hour
    expect(narrowed.body.timeSeries.points[0]?.bucketUtc).toMatch(/:30:00\.000Z$/);
    const visits = await http.get<VisitListResponse>(`${base}/visits?${range()}&country=GB&pageSize=100`, {
      token,
    });
    expect(visits.body.items.map((item) => item.country)).toEqual(visits.body.items.map(() => 'GB'));
    expect(visits.body.items).toHaveLength(fromGb);
    const csv = await http.get<string>(`${base}/visits.csv?${range()}&country=GB&tz=Asia%2FKolkata`, {
      token,
    });
    expect(csv.text.split('\r\n')[0]).toContain('Visited (Asia/Kolkata)');
    expect(csv.text.split('\r\n')[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30,/);
    const none = await http.get<VisitSummaryResponse>(`${base}/summary?${range()}&country=ZZ`, { token });
    expect(none.body).toMatchObject({ totalVisits: 0, uniqueVisitors: 0, visitsByCountry: {} });
  });

  it("answers the owner's overview: every card, a draft with zeros, visits per bucket", async () => {
    const token = owner.accessToken;
    const draft = await createProfile(http, token, { published: false });
    const all = (await summary()).body;
    const overview = await http.get<AnalyticsOverviewResponse>(`/api/analytics/overview?${range()}`, {
      token,
    });
    expect(overview.status).toBe(200);
    expect(overview.body.granularity).toBe('hour');
    const line = overview.body.cards.find((card) => card.profileId === profile.id);
    expect(line).toMatchObject({
      published: true,
      visits: all.totalVisits,
      uniqueVisitors: all.uniqueVisitors,
    });
    expect(line?.series).toHaveLength(overview.body.buckets.length);
    expect(line?.series.reduce((n, v) => n + v, 0)).toBe(all.totalVisits);
    expect(overview.body.cards.find((card) => card.profileId === draft.id)).toMatchObject({
      published: false,
      visits: 0,
      conversion: null,
    });
    expect(overview.body.totals.visits).toBe(overview.body.cards.reduce((n, card) => n + card.visits, 0));
    // another owner sees only their own cards
    const theirs = await http.get<AnalyticsOverviewResponse>(`/api/analytics/overview?${range()}`, {
      token: visitor.accessToken,
    });
    expect(theirs.body.cards.map((card) => card.profileId)).not.toContain(profile.id);
  });

  it('erases the events of a deleted profile, and of every profile of a deleted account, through the queue', async () => {
    const reader = runtime().reader;
    const window = { from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 120_000) };
    const visits = (id: string) => async () => (await reader.summary(id, window)).totalVisits;
    expect(await visits(profile.id)()).toBe(3);
    expect((await http.delete(`/api/profiles/${profile.id}`, { token: owner.accessToken })).status).toBe(204);
    await eventually(visits(profile.id), (n) => n === 0);

    const leaving = await registerUser(http, { password: 'leaving password' });
    const card = await createProfile(http, leaving.accessToken, { published: true });
    await http.get(`/api/public/profiles/${card.handle}`, { headers: visitHeaders(UA.desktop, '8.8.8.8') });
    await eventually(visits(card.id), (n) => n === 1);
    const gone = await http.delete('/api/account', {
      token: leaving.accessToken,
      body: { password: 'leaving password' },
    });
    expect(gone.status).toBe(204);
    await eventually(visits(card.id), (n) => n === 0);
  });
});

describe('analytics over HTTP, cluster mode (BullMQ on real Redis, worker process, ClickHouse over HTTP)', () => {
  const root = REPO_ROOT;
  let dir: string;
  let redis: TestRedis;
  let fixture: ClickHouseHttpFixture;
  let worker: ChildProcess;
  let testApp: TestApp;
  let http: HttpClient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-api-cluster-'));
    [redis, fixture] = await Promise.all([
      startTestRedis(),
      startClickHouseHttpFixture({ dir: join(dir, 'ch') }),
    ]);
    const env = {
      REDIS_URL: redis.url,
      CLICKHOUSE_URL: fixture.url,
      ANALYTICS_QUEUE_PREFIX: uniquePrefix('api-cluster'),
    };
    testApp = await startTestApp('sqlite', env);
    worker = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/worker/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        DATA_DIR: dir,
        LOG_LEVEL: 'warn',
        TSX_TSCONFIG_PATH: join(root, 'infra/test/tsconfig.tsx.json'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    http = httpClient(testApp.url);
  }, 30_000);
  afterAll(async () => {
    await testApp?.close();
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
    await fixture?.stop();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports the ClickHouse server in the readiness check', async () => {
    const ready = await http.get<{ checks: Record<string, string> }>('/api/health/ready');
    expect(ready.body.checks).toMatchObject({ clickhouse: 'up', redis: 'up' });
  });

  it('shows a view in the summary within 5 s', async () => {
    const owner = await registerUser(http);
    const profile = await createProfile(http, owner.accessToken, { published: true });
    const started = Date.now();
    const read = await http.get(`/api/public/profiles/${profile.handle}?src=qr`, {
      headers: visitHeaders(UA.iphone, '8.8.8.8'),
    });
    expect(read.status).toBe(200);
    await http.post(`/api/public/profiles/${profile.id}/events`, {
      body: { type: 'vcard_saved' },
      headers: visitHeaders(UA.iphone, '8.8.8.8'),
    });
    const body = (
      await eventually(
        () =>
          http.get<VisitSummaryResponse>(`/api/profiles/${profile.id}/analytics/summary?${range()}`, {
            token: owner.accessToken,
          }),
        (r) => r.body.totalVisits === 1 && r.body.engagement.vcard_saved === 1,
        // the worker process starts alongside (tsx compiles it); the 5 s are measured from its readiness below
        20_000,
      )
    ).body;
    expect(body).toMatchObject({
      visitsByCountry: { US: 1 },
      visitsByDevice: { mobile: 1 },
      uniqueVisitors: 1,
    });
    // now that the worker runs, a second view must land within 5 s
    const again = Date.now();
    await http.get(`/api/public/profiles/${profile.handle}`, {
      headers: visitHeaders(UA.desktop, '78.46.0.1'),
    });
    await eventually(
      () =>
        http.get<VisitSummaryResponse>(`/api/profiles/${profile.id}/analytics/summary?${range()}`, {
          token: owner.accessToken,
        }),
      (r) => r.body.totalVisits === 2,
    );
    expect(Date.now() - again).toBeLessThan(5000);
    expect(started).toBeGreaterThan(0);
  }, 40_000);

  it('erases the events of a deleted card through the queue and the worker', async () => {
    const owner = await registerUser(http);
    const card = await createProfile(http, owner.accessToken, { published: true });
    const reader = testApp.app.get<symbol, AnalyticsRuntime>(ANALYTICS_RUNTIME).reader;
    const window = { from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 120_000) };
    const visits = async () => (await reader.summary(card.id, window)).totalVisits;
    await http.get(`/api/public/profiles/${card.handle}`, { headers: visitHeaders(UA.android, '8.8.8.8') });
    await http.get(`/api/public/profiles/${card.handle}`, { headers: visitHeaders(UA.ipad, '81.2.69.160') });
    await eventually(visits, (n) => n === 2, 20_000);
    expect((await http.delete(`/api/profiles/${card.id}`, { token: owner.accessToken })).status).toBe(204);
    await eventually(visits, (n) => n === 0);
  }, 40_000);
});
