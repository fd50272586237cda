import type { ErrorResponse, ProfileResponse, SessionResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../testing/adapters';
import { fullProfileInput, type HttpClient, type HttpResult } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';

// the tests act as the proxy in front of the api (TRUST_PROXY=true in the test app): every request
// names its client's address in X-Forwarded-For. each test takes addresses no other test uses.
let addressCounter = 0;
const freshIpv4 = () => `203.0.113.${++addressCounter}`;
const freshIpv6Network = () => `2001:db8:${(++addressCounter).toString(16)}:1`;
const from = (address: string) => ({ 'x-forwarded-for': address });

async function signUp(http: HttpClient, address = freshIpv4()): Promise<SessionResponse> {
  const response = await http.post<SessionResponse>('/api/auth/register', {
    headers: from(address),
    body: {
      email: `limits${++addressCounter}.${process.pid}.${Date.now()}@example.com`,
      password: 'correct horse battery',
      displayName: 'Limit Tester',
    },
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  return response.body;
}

async function createCard(http: HttpClient, token: string, address = freshIpv4()) {
  return http.post<ProfileResponse & ErrorResponse>('/api/profiles', {
    token,
    headers: from(address),
    body: fullProfileInput({ published: true }),
  });
}

const signIn = (http: HttpClient, address: string, email = `nobody${++addressCounter}@example.com`) =>
  http.post<ErrorResponse>('/api/auth/login', { headers: from(address), body: { email, password: 'wrong' } });

function expectTooManyRequests(response: HttpResult<unknown>, wait: string, maxSeconds: number): void {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ error: `Too many requests, please try again in ${wait}` });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe.each(STORAGE_KINDS)('abuse limits (%s)', (kind) => {
  const { http } = apiUnderTest(kind, {
    RATE_LIMIT_SIGN_UP: '2/1m',
    RATE_LIMIT_SIGN_IN: '3/1m',
    RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3/15m',
    RATE_LIMIT_PASSWORD_CHANGE: '3/15m',
    RATE_LIMIT_ACCOUNT_DELETION: '2/15m',
    RATE_LIMIT_CARD_CREATION: '2/1h',
    RATE_LIMIT_MESSAGES: '2/1m',
    RATE_LIMIT_EVENTS: '3/1m',
    RATE_LIMIT_LEAD_CHANGES: '2/1m',
  });

  it('answers 429 in the one error shape with Retry-After once an address spends its budget', async () => {
    const address = freshIpv4();
    await signUp(http, address);
    await signUp(http, address);
    const refused = await http.post('/api/auth/register', {
      headers: from(address),
      body: { email: `third.${Date.now()}@example.com`, password: 'correct horse battery', displayName: 'x' },
    });
    expectTooManyRequests(refused, 'a minute', 60);
    // another address has a budget of its own
    await expect(signUp(http)).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('counts every address of one IPv6 /64 together, and another /64 apart', async () => {
    const network = freshIpv6Network();
    const statuses = [];
    for (const host of ['::1', '::abcd', ':aaaa:bbbb:cccc:dddd'])
      statuses.push((await signIn(http, `${network}${host}`)).status);
    expect(statuses).toEqual([401, 401, 401]);
    expectTooManyRequests(await signIn(http, `${network}::9`), 'a minute', 60);
    expect((await signIn(http, `${freshIpv6Network()}::1`)).status).toBe(401);
  });

  it('counts an IPv4 address written as IPv6 as that IPv4 address', async () => {
    const address = freshIpv4();
    expect((await signIn(http, address)).status).toBe(401);
    expect((await signIn(http, `::ffff:${address}`)).status).toBe(401);
    expect((await signIn(http, address)).status).toBe(401);
    expectTooManyRequests(await signIn(http, `::ffff:${address}`), 'a minute', 60);
  });

  it('limits sign-ins to one account from many addresses, whatever the case of the e-mail', async () => {
    const email = `target${++addressCounter}.${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await signIn(http, freshIpv4(), email)).status).toBe(401);
    expectTooManyRequests(await signIn(http, freshIpv4(), email.toUpperCase()), '15 minutes', 900);
    expect((await signIn(http, freshIpv4())).status).toBe(401);
  });

  it('still limits a signed-in user who changes address on every request', async () => {
    const user = await signUp(http);
    const changePassword = () =>
      http.post<ErrorResponse>('/api/account/password', {
        token: user.accessToken,
        headers: from(freshIpv4()),
        body: { currentPassword: 'not it', newPassword: 'another long password' },
      });
    for (let i = 0; i < 3; i++) expect((await changePassword()).status).toBe(400);
    expectTooManyRequests(await changePassword(), '15 minutes', 900);

    const created = [await createCard(http, user.accessToken), await createCard(http, user.accessToken)];
    expect(created.map((response) => response.status)).toEqual([201, 201]);
    expectTooManyRequests(await createCard(http, user.accessToken), 'an hour', 3600);
    // another account is not held back by this one
    const other = await signUp(http);
    expect((await createCard(http, other.accessToken)).status).toBe(201);
  });

  it('limits changes to leads per account, a bulk action and a single change alike', async () => {
    const user = await signUp(http);
    const changeLead = () =>
      http.post<ErrorResponse>('/api/leads/bulk', {
        token: user.accessToken,
        headers: from(freshIpv4()),
        body: { leadIds: ['000000000000000000000001'], action: 'status', status: 'won' },
      });
    expect((await changeLead()).status).toBe(200);
    expect((await changeLead()).status).toBe(200);
    expectTooManyRequests(await changeLead(), 'a minute', 60);
    const single = await http.patch<ErrorResponse>('/api/profiles/000000000000000000000001/leads/x', {
      token: user.accessToken,
      body: { status: 'won' },
    });
    expectTooManyRequests(single, 'a minute', 60);
  });

  it('limits account deletion attempts', async () => {
    const user = await signUp(http);
    const deleteAccount = () =>
      http.delete<ErrorResponse>('/api/account', {
        token: user.accessToken,
        headers: from(freshIpv4()),
        body: { password: 'not it' },
      });
    expect((await deleteAccount()).status).toBe(400);
    expect((await deleteAccount()).status).toBe(400);
    expectTooManyRequests(await deleteAccount(), '15 minutes', 900);
  });

  it('limits messages and engagement events per visitor address, not card reads', async () => {
    const owner = await signUp(http);
    const card = (await createCard(http, owner.accessToken)).body;
    const visitor = freshIpv4();

    const message = () =>
      http.post(`/api/profiles/${card.id}/leads`, {
        headers: from(visitor),
        body: { email: 'visitor@example.com', message: 'Hello', consent: true },
      });
    expect([(await message()).status, (await message()).status]).toEqual([201, 201]);
    expectTooManyRequests(await message(), 'a minute', 60);

    const event = () =>
      http.post(`/api/public/profiles/${card.id}/events`, {
        headers: from(visitor),
        body: { type: 'link_clicked', target: 'https://github.com/ada' },
      });
    for (let i = 0; i < 3; i++) expect((await event()).status).toBe(202);
    expectTooManyRequests(await event(), 'a minute', 60);

    for (let i = 0; i < 10; i++) {
      const read = await http.get(`/api/public/profiles/${card.handle}`, { headers: from(visitor) });
      expect(read.status).toBe(200);
    }
  });
});

describe.each(STORAGE_KINDS)('cards per account (%s)', (kind) => {
  const { http } = apiUnderTest(kind, { MAX_CARDS_PER_ACCOUNT: '2' });

  it('refuses one card more than the cap with 409, and accepts one again after a delete', async () => {
    const user = await signUp(http);
    const first = await createCard(http, user.accessToken);
    expect((await createCard(http, user.accessToken)).status).toBe(201);
    const refused = await createCard(http, user.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'You can have at most 2 cards: delete one to create another' });
    expect(
      (await http.get<ProfileResponse[]>('/api/profiles', { token: user.accessToken })).body,
    ).toHaveLength(2);

    const deleted = await http.delete(`/api/profiles/${first.body.id}`, { token: user.accessToken });
    expect(deleted.status).toBe(204);
    expect((await createCard(http, user.accessToken)).status).toBe(201);
    // the cap is per account
    expect((await createCard(http, (await signUp(http)).accessToken)).status).toBe(201);
  });
});
