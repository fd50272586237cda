import type { ErrorResponse, ProfileResponse, SessionResponse, UserResponse } from '@cardcraft/contracts';
import type { SessionsRepository } from '@cardcraft/storage';
import { JwtService } from '@nestjs/jwt';
import { SESSIONS } from '../platform/storage/storage.tokens';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import {
  cookieSet,
  createProfile,
  fullProfileInput,
  registerUser,
  type HttpClient,
} from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

const OWN_ORIGIN = 'https://cards.example.test';
const PARTNER_ORIGIN = 'https://partner.example.test';
const FOREIGN_ORIGIN = 'https://evil.example.net';
const REFUSED = { error: 'Cross-site request refused' };

async function signIn(http: HttpClient, user: { email: string; password: string }) {
  const response = await http.post<SessionResponse>('/api/auth/login', {
    body: { email: user.email, password: user.password },
  });
  expect(response.status).toBe(200);
  const cookie = cookieSet(response);
  expect(cookie?.value).toBe(response.body.accessToken);
  return { token: response.body.accessToken, cookie: cookie!.value };
}

describe.each(STORAGE_KINDS)('sessions over HTTP (%s)', (kind) => {
  const { app, http } = apiUnderTest(kind, { CORS_ORIGINS: PARTNER_ORIGIN });
  const me = (options: { token?: string; cookie?: string }) =>
    http.get<UserResponse>('/api/auth/me', options);

  describe('the session cookie', () => {
    it('is set by sign-up and sign-in: HttpOnly, SameSite=Lax, Path=/, Secure, for SESSION_TTL', async () => {
      const register = await http.post<SessionResponse>('/api/auth/register', {
        body: {
          email: `cookie.${kind}.${Date.now()}@example.com`,
          password: 'secret1',
          displayName: 'Cookie',
        },
      });
      expect(register.status).toBe(201);
      const login = await http.post<SessionResponse>('/api/auth/login', {
        body: { email: register.body.email, password: 'secret1' },
      });
      for (const response of [register, login]) {
        const cookie = cookieSet(response);
        expect(cookie).toEqual({
          value: response.body.accessToken,
          'max-age': String(7 * 86400),
          path: '/',
          httponly: '',
          samesite: 'Lax',
          secure: '',
        });
        // API clients still get the token and its expiry in the answer
        expect(response.body).toMatchObject({
          accessToken: expect.any(String),
          expiresAtUtc: expect.any(String),
        });
      }
      expect(cookieSet(register)!.value).not.toBe(cookieSet(login)!.value);
    });

    it('authenticates reads and, from our own pages, changes', async () => {
      const user = await registerUser(http);
      const { cookie } = await signIn(http, user);
      expect((await me({ cookie })).body).toMatchObject({ userId: user.userId, email: user.email });

      const created = await http.post<ProfileResponse>('/api/profiles', {
        cookie,
        headers: { origin: OWN_ORIGIN },
        body: fullProfileInput(),
      });
      expect(created.status).toBe(201);
      expect(created.body.ownerId).toBe(user.userId);
      const listed = await http.get<ProfileResponse[]>('/api/profiles', { cookie });
      expect(listed.body.map((profile) => profile.id)).toEqual([created.body.id]);
    });

    it('answers 401 for a forged or unknown cookie, and a bearer header wins over a cookie', async () => {
      const [alice, bob] = await Promise.all([registerUser(http), registerUser(http)]);
      const bobs = await signIn(http, bob);
      expect((await me({ cookie: `${bobs.cookie}x` })).status).toBe(401);
      expect((await me({ cookie: 'garbage' })).body).toEqual({ error: 'Authentication required' });

      expect((await me({ token: alice.accessToken, cookie: bobs.cookie })).body.userId).toBe(alice.userId);
      // a bad bearer is not rescued by a good cookie
      expect((await me({ token: 'garbage', cookie: bobs.cookie })).status).toBe(401);
    });
  });

  describe('cross-site requests', () => {
    it('refuses a change made with the cookie from a foreign page, or from no page at all', async () => {
      const user = await registerUser(http);
      const { cookie } = await signIn(http, user);
      for (const headers of <Record<string, string>[]>[
        { origin: FOREIGN_ORIGIN },
        { origin: 'null' },
        { referer: `${FOREIGN_ORIGIN}/attack.html` },
        {},
      ]) {
        const response = await http.post<ErrorResponse>('/api/profiles', {
          cookie,
          headers,
          body: fullProfileInput(),
        });
        expect({ headers, status: response.status, body: response.body }).toEqual({
          headers,
          status: 403,
          body: REFUSED,
        });
      }
      const patched = await http.patch('/api/account', {
        cookie,
        headers: { origin: FOREIGN_ORIGIN },
        body: { displayName: 'Hijacked' },
      });
      expect(patched.status).toBe(403);
      expect((await me({ cookie })).body.displayName).toBe(user.displayName);
      // reads are not changes
      expect((await http.get('/api/profiles', { cookie, headers: { origin: FOREIGN_ORIGIN } })).status).toBe(
        200,
      );
    });

    it('accepts the cookie from the public address, the address reached, a CORS origin or a same-site Referer', async () => {
      const user = await registerUser(http);
      const { cookie } = await signIn(http, user);
      for (const headers of <Record<string, string>[]>[
        { origin: OWN_ORIGIN },
        { origin: app().url },
        { origin: PARTNER_ORIGIN },
        { referer: `${OWN_ORIGIN}/dashboard/settings` },
      ]) {
        const response = await http.patch<UserResponse>('/api/account', {
          cookie,
          headers,
          body: { displayName: 'Renamed' },
        });
        expect({ headers, status: response.status }).toEqual({ headers, status: 200 });
      }
    });

    it('needs no origin with a bearer token, from anywhere', async () => {
      const user = await registerUser(http);
      const created = await http.post<ProfileResponse>('/api/profiles', {
        token: user.accessToken,
        headers: { origin: FOREIGN_ORIGIN },
        body: fullProfileInput(),
      });
      expect(created.status).toBe(201);
    });

    it('refuses a sign-in or sign-up started from a foreign page, and accepts one without an origin', async () => {
      const user = await registerUser(http);
      const credentials = { email: user.email, password: user.password };
      const foreign = await http.post<ErrorResponse>('/api/auth/login', {
        body: credentials,
        headers: { origin: FOREIGN_ORIGIN },
      });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toEqual(REFUSED);
      expect(cookieSet(foreign)).toBeNull();
      const foreignSignUp = await http.post('/api/auth/register', {
        body: { email: `csrf.${kind}.${Date.now()}@example.com`, password: 'secret1', displayName: 'Csrf' },
        headers: { referer: `${FOREIGN_ORIGIN}/form` },
      });
      expect(foreignSignUp.status).toBe(403);

      const own = await http.post('/api/auth/login', { body: credentials, headers: { origin: OWN_ORIGIN } });
      expect(own.status).toBe(200);
      expect((await http.post('/api/auth/login', { body: credentials })).status).toBe(200);
    });
  });

  describe('logout', () => {
    it('ends a bearer session: 204, the cookie cleared, then 401 with that token', async () => {
      const user = await registerUser(http);
      const other = await signIn(http, user);
      expect((await me({ token: user.accessToken })).status).toBe(200);

      const logout = await http.post('/api/auth/logout', { token: user.accessToken });
      expect(logout.status).toBe(204);
      expect(cookieSet(logout)).toMatchObject({ value: '', path: '/', httponly: '' });
      expect(Number(cookieSet(logout)!['max-age'] ?? 0)).toBeLessThanOrEqual(0);

      expect((await me({ token: user.accessToken })).body).toEqual({ error: 'Authentication required' });
      expect(
        (await http.post('/api/profiles', { token: user.accessToken, body: fullProfileInput() })).status,
      ).toBe(401);
      // another sign-in of the same account is another session
      expect((await me({ token: other.token })).status).toBe(200);
    });

    it('ends a cookie session from our own page', async () => {
      const user = await registerUser(http);
      const { cookie } = await signIn(http, user);
      const refused = await http.post('/api/auth/logout', { cookie, headers: { origin: FOREIGN_ORIGIN } });
      expect(refused.status).toBe(403);
      expect((await me({ cookie })).status).toBe(200);

      const logout = await http.post('/api/auth/logout', { cookie, headers: { origin: OWN_ORIGIN } });
      expect(logout.status).toBe(204);
      expect(cookieSet(logout)?.value).toBe('');
      expect((await me({ cookie })).status).toBe(401);
    });

    it('is idempotent: signing out twice, or without a session, is 204', async () => {
      const user = await registerUser(http);
      expect((await http.post('/api/auth/logout', { token: user.accessToken })).status).toBe(204);
      expect((await http.post('/api/auth/logout', { token: user.accessToken })).status).toBe(204);
      expect((await http.post('/api/auth/logout')).status).toBe(204);
      expect(
        (await http.post('/api/auth/logout', { cookie: 'garbage', headers: { origin: OWN_ORIGIN } })).status,
      ).toBe(204);
    });

    it('leaves an optional route anonymous for an ended session rather than failing', async () => {
      const user = await registerUser(http);
      const draft = await createProfile(http, user.accessToken, { published: false });
      const path = `/api/public/profiles/${draft.handle}`;
      expect((await http.get(path, { token: user.accessToken })).status).toBe(200);
      await http.post('/api/auth/logout', { token: user.accessToken });
      // the owner's draft is hidden from anyone else: the ended session is nobody
      expect((await http.get(path, { token: user.accessToken })).status).toBe(404);
    });
  });

  describe('tokens', () => {
    const sign = (claims: Record<string, unknown>) =>
      app().app.get(JwtService).sign(claims, { secret: app().config.jwtSecret, algorithm: 'HS256' });
    const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

    it('are accepted only while their session record is live and belongs to the token user', async () => {
      const sessions = app().app.get<SessionsRepository>(SESSIONS);
      const [alice, bob] = await Promise.all([registerUser(http), registerUser(http)]);

      // a correctly signed token whose session expired already (the record says so)
      const expired = await sessions.create({
        userId: alice.userId,
        expiresAt: new Date(Date.now() - 1000),
      });
      expect(
        (await me({ token: sign({ sub: alice.userId, sid: expired!.id, exp: inAnHour() }) })).status,
      ).toBe(401);

      // a session of bob's named in a token for alice
      const bobs = await sessions.create({
        userId: bob.userId,
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect((await me({ token: sign({ sub: alice.userId, sid: bobs!.id, exp: inAnHour() }) })).status).toBe(
        401,
      );
      expect((await me({ token: sign({ sub: bob.userId, sid: bobs!.id, exp: inAnHour() }) })).status).toBe(
        200,
      );

      // a token without a session (the kind issued before sessions could end) or with an unknown one
      expect((await me({ token: sign({ sub: alice.userId, exp: inAnHour() }) })).status).toBe(401);
      expect(
        (await me({ token: sign({ sub: alice.userId, sid: '0123456789abcdef01234567', exp: inAnHour() }) }))
          .status,
      ).toBe(401);

      // a revoked session
      await sessions.revoke(bobs!.id);
      expect((await me({ token: sign({ sub: bob.userId, sid: bobs!.id, exp: inAnHour() }) })).status).toBe(
        401,
      );
    });

    it('are refused when the token itself expired or was signed with another secret or algorithm', async () => {
      const sessions = app().app.get<SessionsRepository>(SESSIONS);
      const user = await registerUser(http);
      const live = await sessions.create({
        userId: user.userId,
        expiresAt: new Date(Date.now() + 60_000),
      });
      const claims = { sub: user.userId, sid: live!.id };
      const jwt = app().app.get(JwtService);
      expect((await me({ token: sign({ ...claims, exp: inAnHour() }) })).status).toBe(200);
      expect((await me({ token: sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }) })).status).toBe(
        401,
      );
      const otherSecret = jwt.sign(
        { ...claims, exp: inAnHour() },
        { secret: 'x'.repeat(40), algorithm: 'HS256' },
      );
      expect((await me({ token: otherSecret })).status).toBe(401);
      const unsigned = jwt.sign({ ...claims, exp: inAnHour() }, { secret: '', algorithm: 'none' });
      expect((await me({ token: unsigned })).status).toBe(401);
    });
  });
});

describe('the session cookie with an http public address', () => {
  const { http } = apiUnderTest('sqlite', {
    PUBLIC_BASE_URL: 'http://192.168.1.20:3000',
    SESSION_TTL: '12h',
  });

  it('is not Secure, so a phone on the local network keeps it, and lasts SESSION_TTL', async () => {
    const response = await http.post<SessionResponse>('/api/auth/register', {
      body: { email: `http.${Date.now()}@example.com`, password: 'secret1', displayName: 'Plain' },
    });
    expect(response.status).toBe(201);
    const cookie = cookieSet(response);
    expect(cookie).toMatchObject({ httponly: '', samesite: 'Lax', path: '/', 'max-age': String(12 * 3600) });
    expect(cookie).not.toHaveProperty('secure');
  });
});
