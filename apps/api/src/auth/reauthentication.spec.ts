import {
  ReauthenticationMessages,
  type AccountSessionsResponse,
  type CreatedApiKeyResponse,
  type ErrorResponse,
  type ReauthenticatedResponse,
  type TeamResponse,
} from '@cardcraft/contracts';
import type { SessionsRepository } from '@cardcraft/storage';
import { SESSIONS } from '../platform/storage/storage.tokens';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

const KEY = { name: 'CRM sync', scopes: ['leads:read'] };
const ELEVEN_MINUTES_MS = 11 * 60_000;

describe.each(STORAGE_KINDS)('a recent proof before what matters most (%s)', (kind) => {
  const { app, http } = apiUnderTest(kind);

  /** an owner whose sign-in was 11 minutes ago, past the window */
  async function ownerProvedLongAgo() {
    const owner = await registerUser(http);
    const sessions = await http.get<AccountSessionsResponse>('/api/auth/sessions', {
      token: owner.accessToken,
    });
    const repository = app().app.get<SessionsRepository>(SESSIONS);
    await repository.markProved(sessions.body.sessions[0]!.id, new Date(Date.now() - ELEVEN_MINUTES_MS));
    return owner;
  }

  it('makes an API key right after sign-in, without asking again', async () => {
    const owner = await registerUser(http);
    const created = await http.post<CreatedApiKeyResponse>('/api/api-keys', {
      token: owner.accessToken,
      body: KEY,
    });
    expect(created.status).toBe(201);
  });

  it('asks for the password again past 10 minutes, and takes only the right one', async () => {
    const owner = await ownerProvedLongAgo();
    const team = await http.post<TeamResponse>('/api/teams', {
      token: owner.accessToken,
      body: { name: 'Engines' },
    });
    expect(team.status).toBe(201);
    for (const path of ['/api/api-keys', `/api/teams/${team.body.id}/api-keys`]) {
      const refused = await http.post<ErrorResponse>(path, { token: owner.accessToken, body: KEY });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: ReauthenticationMessages.required });
    }
    // reading and revoking keys ask for nothing more
    expect((await http.get('/api/api-keys', { token: owner.accessToken })).status).toBe(200);

    const wrong = await http.post<ErrorResponse>('/api/auth/reauthenticate', {
      token: owner.accessToken,
      body: { password: 'not-the-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: ReauthenticationMessages.wrongPassword,
      errors: [{ field: 'password', message: ReauthenticationMessages.wrongPassword }],
    });
    expect((await http.post('/api/api-keys', { token: owner.accessToken, body: KEY })).status).toBe(403);

    const empty = await http.post<ErrorResponse>('/api/auth/reauthenticate', {
      token: owner.accessToken,
      body: {},
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      { field: 'password', message: ReauthenticationMessages.passwordRequired },
    ]);

    const before = Date.now();
    const proved = await http.post<ReauthenticatedResponse>('/api/auth/reauthenticate', {
      token: owner.accessToken,
      body: { password: owner.password },
    });
    expect(proved.status).toBe(200);
    const until = Date.parse(proved.body.validUntilUtc);
    expect(until).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    for (const path of ['/api/api-keys', `/api/teams/${team.body.id}/api-keys`]) {
      expect((await http.post(path, { token: owner.accessToken, body: KEY })).status).toBe(201);
    }
  });

  it('counts the proof for that session only', async () => {
    const owner = await ownerProvedLongAgo();
    const login = await http.post<{ accessToken: string }>('/api/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    // the new sign-in is its own proof; the old session still has to give the password
    expect((await http.post('/api/api-keys', { token: login.body.accessToken, body: KEY })).status).toBe(201);
    expect((await http.post('/api/api-keys', { token: owner.accessToken, body: KEY })).status).toBe(403);
  });

  it('takes no API key and no ended session as a proof', async () => {
    const owner = await registerUser(http);
    const key = await http.post<CreatedApiKeyResponse>('/api/api-keys', {
      token: owner.accessToken,
      body: KEY,
    });
    const byKey = await http.post<ErrorResponse>('/api/auth/reauthenticate', {
      token: key.body.key,
      body: { password: owner.password },
    });
    expect(byKey.status).toBe(403);
    await http.post('/api/auth/logout', { token: owner.accessToken });
    const ended = await http.post('/api/auth/reauthenticate', {
      token: owner.accessToken,
      body: { password: owner.password },
    });
    expect(ended.status).toBe(401);
  });
});
