import {
  AnalyticsShareMessages,
  type AnalyticsShareResponse,
  type CreatedApiKeyResponse,
  type ProfileResponse,
  type SharedDashboardResponse,
  type VisitSummaryResponse,
} from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { eventually } from '../platform/testing/eventually';
import { cookieSet, createProfile, registerUser, type HttpResult } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { ANALYTICS_SHARES_PER_CARD, TOO_MANY_SHARES } from './analytics-shares.service';
import { SHARE_UNLOCK_COOKIE, SHARE_UNLOCK_TTL_SECONDS } from './share-unlock-cookie';

type Owner = Awaited<ReturnType<typeof registerUser>>;

const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** one hour back to two minutes ahead, fixed once so two reads ask the very same range */
function fixedRange(): string {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 120_000).toISOString();
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}

const tokenOf = (share: AnalyticsShareResponse) => share.url.split('/share/')[1];
const shared = (share: AnalyticsShareResponse, rest = '') => `/api/shared/analytics/${tokenOf(share)}${rest}`;

/** a shared dashboard's answer is kept by no cache and no search engine, whatever its status */
function expectPrivate(answer: HttpResult): void {
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
  expect(answer.headers.get('x-robots-tag')).toBe('noindex');
}

describe.each(STORAGE_KINDS)('shared analytics dashboards (%s)', (kind) => {
  // password tries: 5 an address and 6 a link, so the suite can spend them (each test its own addresses)
  const { http } = apiUnderTest(kind, {
    RATE_LIMIT_SHARE_UNLOCK: '5/15m',
    RATE_LIMIT_SHARE_UNLOCK_PER_LINK: '6/15m',
  });
  let owner: Owner;
  let other: Owner;
  let card: ProfileResponse;
  let address = 0;
  /** a client address of its own, so the per-address password budget is the test's alone */
  const from = () => ({ 'x-forwarded-for': `203.0.113.${++address}` });

  const makeShare = async (body: object = {}, cardId = card.id, token = owner.accessToken) => {
    const made = await http.post<AnalyticsShareResponse>(`/api/profiles/${cardId}/analytics/shares`, {
      token,
      body,
    });
    if (made.status !== 201) throw new Error(`share: ${made.status} ${made.text}`);
    return made.body;
  };
  const listShares = (cardId = card.id, token = owner.accessToken) =>
    http.get<AnalyticsShareResponse[]>(`/api/profiles/${cardId}/analytics/shares`, { token });
  const unlock = (share: AnalyticsShareResponse, password: string, headers = from()) =>
    http.post(shared(share, '/unlock'), { body: { password }, headers });
  const withCookie = (value: string) => ({ cookie: `${SHARE_UNLOCK_COOKIE}=${value}` });

  beforeAll(async () => {
    owner = await registerUser(http, { displayName: 'Ada' });
    other = await registerUser(http);
    card = await createProfile(http, owner.accessToken, { published: true, displayName: 'Ada Lovelace' });
  });

  it('makes, lists and revokes a card’s links for its owner; a revoked link answers 404 at once', async () => {
    const first = await makeShare({ label: '  For the board  ' });
    expect(first).toEqual({
      id: expect.any(String),
      profileId: card.id,
      label: 'For the board',
      url: expect.stringMatching(/^https:\/\/cards\.example\.test\/share\/[A-Za-z0-9_-]{43}$/),
      hasPassword: false,
      createdAtUtc: expect.any(String),
      lastViewedAtUtc: null,
    });
    const second = await makeShare({ password: 'board-secret' });
    expect(second).toMatchObject({ label: null, hasPassword: true });
    const listed = await listShares();
    expect(listed.status).toBe(200);
    // the owner sees each link's address again, never a password
    expect(listed.body).toEqual([second, first]);
    expect(listed.text).not.toContain('board-secret');
    expect(listed.text).not.toContain('scrypt');

    expect((await http.get(shared(first))).status).toBe(200);
    const revoked = await http.delete(`/api/profiles/${card.id}/analytics/shares/${first.id}`, {
      token: owner.accessToken,
    });
    expect(revoked.status).toBe(204);
    const gone = await http.get(shared(first));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: AnalyticsShareMessages.notFound });
    expect((await http.get(shared(first, `/summary?${fixedRange()}`))).status).toBe(404);
    expect((await listShares()).body).toEqual([second]);
    const again = await http.delete(`/api/profiles/${card.id}/analytics/shares/${first.id}`, {
      token: owner.accessToken,
    });
    expect(again.status).toBe(404);
  });

  it('keeps another account and API keys away from the links', async () => {
    const share = await makeShare();
    const path = `/api/profiles/${card.id}/analytics/shares`;
    expect((await http.get(path, { token: other.accessToken })).status).toBe(404);
    expect((await http.post(path, { token: other.accessToken, body: {} })).status).toBe(404);
    expect((await http.delete(`${path}/${share.id}`, { token: other.accessToken })).status).toBe(404);
    // the other account's own card cannot revoke this card's link either
    const theirs = await createProfile(http, other.accessToken, { published: true });
    const sideways = `/api/profiles/${theirs.id}/analytics/shares/${share.id}`;
    expect((await http.delete(sideways, { token: other.accessToken })).status).toBe(404);
    // a key, even one that reads analytics, neither makes nor lists nor revokes links
    const key = await http.post<CreatedApiKeyResponse>('/api/api-keys', {
      token: owner.accessToken,
      body: { name: 'Reports', scopes: ['analytics:read'] },
    });
    for (const [method, url] of [
      ['GET', path],
      ['POST', path],
      ['DELETE', `${path}/${share.id}`],
    ] as const) {
      const body = method === 'POST' ? {} : undefined;
      expect((await http.request(method, url, { token: key.body.key, body })).status).toBe(403);
    }
    expect((await http.get(shared(share))).status).toBe(200);
  });

  it('refuses a long label, a short password and a link beyond the cap with a clear 400', async () => {
    const path = `/api/profiles/${card.id}/analytics/shares`;
    const long = await http.post(path, { token: owner.accessToken, body: { label: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      errors: [{ field: 'label', message: AnalyticsShareMessages.label }],
    });
    const short = await http.post(path, { token: owner.accessToken, body: { password: '123' } });
    expect(short.status).toBe(400);

    const crowded = await createProfile(http, owner.accessToken, { published: true });
    for (let n = 0; n < ANALYTICS_SHARES_PER_CARD - 2; n++) await makeShare({}, crowded.id);
    // four at once for the last two places: never more than the limit
    const racing = await Promise.all(
      [1, 2, 3, 4].map(() =>
        http.post(`/api/profiles/${crowded.id}/analytics/shares`, { token: owner.accessToken, body: {} }),
      ),
    );
    const made = racing.filter((answer) => answer.status === 201).length;
    expect(made).toBeLessThanOrEqual(2);
    expect(racing.every((answer) => answer.status === 201 || answer.status === 400)).toBe(true);
    expect((await listShares(crowded.id)).body).toHaveLength(ANALYTICS_SHARES_PER_CARD - 2 + made);
    while ((await listShares(crowded.id)).body.length < ANALYTICS_SHARES_PER_CARD)
      await makeShare({}, crowded.id);
    const beyond = await http.post(`/api/profiles/${crowded.id}/analytics/shares`, {
      token: owner.accessToken,
      body: {},
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body).toEqual({ error: TOO_MANY_SHARES });
    expect((await listShares(crowded.id)).body).toHaveLength(ANALYTICS_SHARES_PER_CARD);
  });

  it('answers the card’s name and the owner’s figures for the same query, privately, and notes the view', async () => {
    const share = await makeShare();
    const meta = await http.get<SharedDashboardResponse>(shared(share));
    expect(meta.status).toBe(200);
    expectPrivate(meta);
    expect(meta.body).toEqual({
      cardDisplayName: 'Ada Lovelace',
      cardHandle: card.handle,
      locked: false,
      timeZone: null,
    });

    await http.get(`/api/public/profiles/${card.handle}`, {
      headers: { 'user-agent': DESKTOP, 'x-forwarded-for': '81.2.69.160' },
    });
    const range = fixedRange();
    const owners = await eventually(
      () =>
        http.get<VisitSummaryResponse>(`/api/profiles/${card.id}/analytics/summary?${range}`, {
          token: owner.accessToken,
        }),
      (answer) => answer.body.totalVisits >= 1,
    );
    const figures = await http.get<VisitSummaryResponse>(shared(share, `/summary?${range}`));
    expect(figures.status).toBe(200);
    expectPrivate(figures);
    expect(figures.body).toEqual(owners.body);

    const [listed] = (await listShares()).body.filter((one) => one.id === share.id);
    expect(Date.parse(listed.lastViewedAtUtc ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // a bad query is the owner's 400, and an unknown link a private 404
    expect((await http.get(shared(share, '/summary?from=yesterday&to=today'))).status).toBe(400);
    const unknown = await http.get(`/api/shared/analytics/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expectPrivate(unknown);
    expect((await http.get(`/api/shared/analytics/not-a-token/summary?${range}`)).status).toBe(404);
  });

  it('asks a protected link’s password before its figures, and opens it for the browser that gave it', async () => {
    const share = await makeShare({ password: 'board-secret' });
    const range = fixedRange();
    const locked = await http.get<SharedDashboardResponse>(shared(share));
    expect(locked.body.locked).toBe(true);
    const refused = await http.get(shared(share, `/summary?${range}`));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: AnalyticsShareMessages.locked });
    expectPrivate(refused);

    const wrong = await unlock(share, 'not-the-secret');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: AnalyticsShareMessages.wrongPassword });
    expect(cookieSet(wrong, SHARE_UNLOCK_COOKIE)).toBeNull();

    const right = await unlock(share, 'board-secret');
    expect(right.status).toBe(204);
    const cookie = cookieSet(right, SHARE_UNLOCK_COOKIE);
    expect(cookie).toMatchObject({
      path: `/api/shared/analytics/${tokenOf(share)}`,
      'max-age': String(SHARE_UNLOCK_TTL_SECONDS),
      httponly: '',
      samesite: 'Lax',
      // the suite's public address is https
      secure: '',
    });
    const opened = withCookie(cookie!.value);
    expect((await http.get<SharedDashboardResponse>(shared(share), { headers: opened })).body.locked).toBe(
      false,
    );
    expect((await http.get(shared(share, `/summary?${range}`), { headers: opened })).status).toBe(200);

    // the cookie opens this link only; a forged or altered one opens nothing
    const another = await makeShare({ password: 'board-secret' });
    expect((await http.get(shared(another, `/summary?${range}`), { headers: opened })).status).toBe(401);
    const [id, expires] = cookie!.value.split('.');
    const forged = withCookie(`${id}.${Number(expires) + 1000}.${cookie!.value.split('.')[2]}`);
    expect((await http.get(shared(share, `/summary?${range}`), { headers: forged })).status).toBe(401);
    // revoked: 404, cookie or not
    await http.delete(`/api/profiles/${card.id}/analytics/shares/${share.id}`, { token: owner.accessToken });
    expect((await http.get(shared(share, `/summary?${range}`), { headers: opened })).status).toBe(404);
  });

  it('throttles password tries per address and per link', async () => {
    const share = await makeShare({ password: 'board-secret' });
    const one = from();
    for (let n = 0; n < 5; n++) expect((await unlock(share, 'guess', one)).status).toBe(401);
    const blocked = await unlock(share, 'board-secret', one);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expectPrivate(blocked);
    // a new address has its own budget, until the link's is spent (6 tries from anywhere)
    expect((await unlock(share, 'guess')).status).toBe(401);
    expect((await unlock(share, 'board-secret')).status).toBe(429);
    // another link keeps its own
    const elsewhere = await makeShare({ password: 'board-secret' });
    expect((await unlock(elsewhere, 'board-secret')).status).toBe(204);
  });

  it('answers a draft card’s link as the owner’s summary does, and drops links with their card and account', async () => {
    const draft = await createProfile(http, owner.accessToken, { published: false });
    const share = await makeShare({}, draft.id);
    expect((await http.get(shared(share))).status).toBe(200);
    const range = fixedRange();
    const owners = await http.get(`/api/profiles/${draft.id}/analytics/summary?${range}`, {
      token: owner.accessToken,
    });
    const figures = await http.get(shared(share, `/summary?${range}`));
    expect(owners.status).toBe(409);
    expect({ status: figures.status, body: figures.body }).toEqual({ status: 409, body: owners.body });

    expect((await http.delete(`/api/profiles/${draft.id}`, { token: owner.accessToken })).status).toBe(204);
    expect((await http.get(shared(share))).status).toBe(404);

    const leaving = await registerUser(http);
    const theirs = await createProfile(http, leaving.accessToken, { published: true });
    const theirShare = await makeShare({}, theirs.id, leaving.accessToken);
    const deleted = await http.delete('/api/account', {
      token: leaving.accessToken,
      body: { password: leaving.password },
    });
    expect(deleted.status).toBe(204);
    expect((await http.get(shared(theirShare))).status).toBe(404);
  });

  it('reaches no visitor-level read through a link', async () => {
    const share = await makeShare();
    const range = fixedRange();
    for (const rest of ['/visits', '/visits.csv', '/live', '/summary.csv', '/leads']) {
      expect((await http.get(shared(share, `${rest}?${range}`))).status).toBe(404);
    }
    // the token is no credential anywhere else
    for (const rest of ['visits', 'live', 'visits.csv', 'summary']) {
      const answer = await http.get(`/api/profiles/${card.id}/analytics/${rest}?${range}`, {
        token: tokenOf(share),
      });
      expect(answer.status).toBe(401);
    }
    const figures = await http.get<Record<string, unknown>>(shared(share, `/summary?${range}`));
    expect(Object.keys(figures.body)).not.toEqual(expect.arrayContaining(['items']));
    expect(figures.text).not.toContain('visitorName');
  });
});
