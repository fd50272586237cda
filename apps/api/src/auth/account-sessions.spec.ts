import {
  AccountSessionMessages,
  type AccountSessionsResponse,
  type EndedSessionsResponse,
  type EndSessionFromMailResponse,
  type ErrorResponse,
  type SessionResponse,
  type UserResponse,
} from '@cardcraft/contracts';
import type { SessionsRepository } from '@cardcraft/storage';
import { SESSIONS } from '../platform/storage/storage.tokens';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { cookieSet, registerUser, type HttpClient } from '../platform/testing/http';
import { outboxMailsTo } from '../platform/testing/outbox';
import { apiUnderTest } from '../platform/testing/test-app';
import { DEVICE_COOKIE } from './device-cookie';

const FIREFOX_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
/** a Google resolver's address, which the bundled GeoIP databases place in the United States */
const US_ADDRESS = '8.8.8.8';
const NEW_SIGN_IN = 'New sign-in to your Cardcraft account';

interface Device {
  userAgent: string;
  address: string;
  /** the device cookie the browser holds, once it was given one */
  id?: string;
}

/** signs in as a browser would: its user agent, its address and the device cookie it holds */
async function signIn(http: HttpClient, user: { email: string; password: string }, device: Device) {
  const headers: Record<string, string> = {
    'user-agent': device.userAgent,
    'x-forwarded-for': device.address,
  };
  if (device.id) headers.cookie = `${DEVICE_COOKIE}=${device.id}`;
  const response = await http.post<SessionResponse>('/api/auth/login', {
    body: { email: user.email, password: user.password },
    headers,
  });
  expect(response.status).toBe(200);
  device.id = cookieSet(response, DEVICE_COOKIE)?.value ?? device.id;
  return response.body.accessToken;
}

describe.each(STORAGE_KINDS)("the account's sessions (%s)", (kind) => {
  const { app, http } = apiUnderTest(kind);
  const list = (token: string) => http.get<AccountSessionsResponse>('/api/auth/sessions', { token });
  const newSignInMails = async (email: string) =>
    (await outboxMailsTo(app(), email)).filter((mail) => mail.subject === NEW_SIGN_IN);

  it('lists each live session with its device, country, start and last use, this one first', async () => {
    const owner = await registerUser(http);
    const laptop: Device = { userAgent: FIREFOX_ON_MAC, address: US_ADDRESS };
    const phone: Device = { userAgent: SAFARI_ON_IPHONE, address: '10.1.2.3' };
    const onLaptop = await signIn(http, owner, laptop);
    const onPhone = await signIn(http, owner, phone);

    const answer = await list(onPhone);
    expect(answer.status).toBe(200);
    const [current, ...others] = answer.body.sessions;
    expect(current).toEqual({
      id: expect.any(String),
      device: 'Mobile Safari on iOS',
      deviceType: 'mobile',
      // a private address has no country
      country: null,
      createdAtUtc: expect.any(String),
      lastSeenAtUtc: expect.any(String),
      current: true,
    });
    expect(others).toHaveLength(2);
    expect(others.map((session) => session.current)).toEqual([false, false]);
    const fromLaptop = others.find((session) => session.device === 'Firefox on Mac OS');
    expect(fromLaptop).toMatchObject({ deviceType: 'desktop', country: 'US' });
    expect(Date.parse(fromLaptop!.lastSeenAtUtc)).toBeGreaterThanOrEqual(
      Date.parse(fromLaptop!.createdAtUtc),
    );

    // the laptop's own list puts the laptop first
    expect((await list(onLaptop)).body.sessions[0]).toMatchObject({
      device: 'Firefox on Mac OS',
      current: true,
    });
  });

  it('records when a session was last used, to within minutes and not at every request', async () => {
    const owner = await registerUser(http);
    const [session] = (await list(owner.accessToken)).body.sessions;
    const repository = app().app.get<SessionsRepository>(SESSIONS);
    const lastSeen = () => repository.findById(session!.id).then((found) => found!.lastSeenAt.getTime());

    // a minute ago: recent enough that a request writes nothing
    const minuteAgo = new Date(Date.now() - 60_000);
    await repository.touch(session!.id, minuteAgo);
    await http.get('/api/auth/me', { token: owner.accessToken });
    expect(await lastSeen()).toBe(minuteAgo.getTime());

    // an hour ago: the next request records itself
    await repository.touch(session!.id, new Date(Date.now() - 3_600_000));
    const before = Date.now();
    await http.get('/api/auth/me', { token: owner.accessToken });
    expect(await lastSeen()).toBeGreaterThanOrEqual(before);
  });

  it('ends one session of the account and not another account’s; the ended one is refused at once', async () => {
    const owner = await registerUser(http);
    const stranger = await registerUser(http);
    const phone = await signIn(http, owner, { userAgent: SAFARI_ON_IPHONE, address: '10.0.0.9' });
    const phoneSession = (await list(phone)).body.sessions[0]!;

    const refused = await http.delete<ErrorResponse>(`/api/auth/sessions/${phoneSession.id}`, {
      token: stranger.accessToken,
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: AccountSessionMessages.notFound });
    expect((await http.get('/api/auth/me', { token: phone })).status).toBe(200);

    const ended = await http.delete(`/api/auth/sessions/${phoneSession.id}`, { token: owner.accessToken });
    expect(ended.status).toBe(204);
    expect((await http.get('/api/auth/me', { token: phone })).status).toBe(401);
    const again = await http.delete<ErrorResponse>(`/api/auth/sessions/${phoneSession.id}`, {
      token: owner.accessToken,
    });
    expect(again.status).toBe(404);
    for (const id of ['nope', '000000000000000000000000']) {
      expect((await http.delete(`/api/auth/sessions/${id}`, { token: owner.accessToken })).status).toBe(404);
    }
    expect((await list(owner.accessToken)).body.sessions.map((session) => session.id)).not.toContain(
      phoneSession.id,
    );
  });

  it('ends every other session and keeps this one', async () => {
    const owner = await registerUser(http);
    const others = [
      await signIn(http, owner, { userAgent: SAFARI_ON_IPHONE, address: '10.0.0.1' }),
      await signIn(http, owner, { userAgent: FIREFOX_ON_MAC, address: '10.0.0.2' }),
    ];
    const answer = await http.post<EndedSessionsResponse>('/api/auth/sessions/end-others', {
      token: owner.accessToken,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ended: 2 });
    for (const token of others) expect((await http.get('/api/auth/me', { token })).status).toBe(401);
    expect((await http.get<UserResponse>('/api/auth/me', { token: owner.accessToken })).status).toBe(200);
    expect((await list(owner.accessToken)).body.sessions).toHaveLength(1);
  });

  it('mails the owner at a sign-in from a new device, whose link ends that session signed out', async () => {
    const owner = await registerUser(http);
    const laptop: Device = { userAgent: FIREFOX_ON_MAC, address: US_ADDRESS };
    const stolen = await signIn(http, owner, laptop);

    const [mail] = await newSignInMails(owner.email);
    expect(mail!.text).toContain('from a new device: Firefox on Mac OS, from United States');
    const link = /https:\/\/cards\.example\.test\/auth\/end-session#token=(\S+)/.exec(mail!.text ?? '');
    expect(link).not.toBeNull();
    expect(mail!.text).toContain('https://cards.example.test/dashboard/settings#sessions');

    // the same browser again, with the cookie it was given: no second mail
    await signIn(http, owner, laptop);
    expect(await newSignInMails(owner.email)).toHaveLength(1);

    const token = decodeURIComponent(link![1]!);
    const ended = await http.post<EndSessionFromMailResponse>('/api/auth/sessions/end-from-mail', {
      body: { token },
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ended: true, message: AccountSessionMessages.ended });
    expect((await http.get('/api/auth/me', { token: stolen })).status).toBe(401);
    // the owner's own session goes on
    expect((await http.get('/api/auth/me', { token: owner.accessToken })).status).toBe(200);

    const twice = await http.post<EndSessionFromMailResponse>('/api/auth/sessions/end-from-mail', {
      body: { token },
    });
    expect(twice.body).toEqual({ ended: false, message: AccountSessionMessages.alreadyEnded });
  });

  it('refuses a link that was not made by this server, whole or changed, and ends nothing', async () => {
    const owner = await registerUser(http);
    const session = (await list(owner.accessToken)).body.sessions[0]!;
    for (const token of [undefined, 42, '', 'nope', `${session.id}.${'A'.repeat(43)}`]) {
      const answer = await http.post<ErrorResponse>('/api/auth/sessions/end-from-mail', { body: { token } });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: AccountSessionMessages.linkInvalid });
    }
    expect((await http.get('/api/auth/me', { token: owner.accessToken })).status).toBe(200);
  });

  it('sends no mail at sign-up, nor at a sign-in from the browser that signed up', async () => {
    const email = `sessions.${kind}.${Date.now()}@example.com`;
    const signUp = await http.post<SessionResponse>('/api/auth/register', {
      body: { email, password: 'secret12', displayName: 'New' },
      headers: { 'user-agent': FIREFOX_ON_MAC },
    });
    expect(signUp.status).toBe(201);
    const device: Device = {
      userAgent: FIREFOX_ON_MAC,
      address: '10.9.9.9',
      id: cookieSet(signUp, DEVICE_COOKIE)!.value,
    };
    expect(cookieSet(signUp, DEVICE_COOKIE)).toMatchObject({ httponly: '', samesite: 'Lax', path: '/' });
    await signIn(http, { email, password: 'secret12' }, device);
    expect(await newSignInMails(email)).toEqual([]);
  });
});
