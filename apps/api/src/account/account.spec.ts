import type { ErrorResponse, ProfileResponse, SessionResponse, UserResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import {
  cookieSet,
  createProfile,
  fullProfileInput,
  registerUser,
  type HttpClient,
} from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

async function signIn(http: HttpClient, email: string, password: string) {
  const response = await http.post<SessionResponse>('/api/auth/login', { body: { email, password } });
  expect(response.status).toBe(200);
  return { token: response.body.accessToken, cookie: cookieSet(response)!.value };
}

describe.each(STORAGE_KINDS)('account settings over HTTP (%s)', (kind) => {
  const { http } = apiUnderTest(kind);
  const me = (options: { token?: string; cookie?: string }) => http.get('/api/auth/me', options);

  it('changes the display name', async () => {
    const user = await registerUser(http);
    const response = await http.patch<UserResponse>('/api/account', {
      token: user.accessToken,
      body: { displayName: ' Grace ' },
    });
    expect(response.status).toBe(200);
    expect(response.body.displayName).toBe('Grace');
    expect((await http.get<UserResponse>('/api/auth/me', { token: user.accessToken })).body.displayName).toBe(
      'Grace',
    );
    const invalid = await http.patch<ErrorResponse>('/api/account', {
      token: user.accessToken,
      body: { displayName: 'G' },
    });
    expect(invalid.body.errors).toEqual([{ field: 'displayName', message: 'Tell us how to call you' }]);
  });

  it('changes the password only with the current one', async () => {
    const user = await registerUser(http);
    const wrong = await http.post<ErrorResponse>('/api/account/password', {
      token: user.accessToken,
      body: { currentPassword: 'nope-nope', newPassword: 'brand-new-secret' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    const short = await http.post<ErrorResponse>('/api/account/password', {
      token: user.accessToken,
      body: { currentPassword: user.password, newPassword: '123' },
    });
    expect(short.body.errors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 6 characters' },
    ]);

    const ok = await http.post('/api/account/password', {
      token: user.accessToken,
      body: { currentPassword: user.password, newPassword: 'brand-new-secret' },
    });
    expect(ok.status).toBe(204);
    expect(
      (await http.post('/api/auth/login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    const login = await http.post<SessionResponse>('/api/auth/login', {
      body: { email: user.email, password: 'brand-new-secret' },
    });
    expect(login.status).toBe(200);
  });

  it("a password change ends the account's other sessions and keeps the one that asked", async () => {
    const user = await registerUser(http);
    const laptop = await signIn(http, user.email, user.password);
    const phone = await signIn(http, user.email, user.password);
    const stranger = await registerUser(http);

    const changed = await http.post('/api/account/password', {
      cookie: laptop.cookie,
      headers: { origin: 'https://cards.example.test' },
      body: { currentPassword: user.password, newPassword: 'brand-new-secret' },
    });
    expect(changed.status).toBe(204);

    expect((await me({ cookie: laptop.cookie })).status).toBe(200);
    expect((await me({ token: phone.token })).status).toBe(401);
    expect((await me({ token: user.accessToken })).status).toBe(401);
    expect(
      (await http.patch('/api/account', { token: phone.token, body: { displayName: 'Phone' } })).status,
    ).toBe(401);
    // someone else's sessions are not touched
    expect((await me({ token: stranger.accessToken })).status).toBe(200);
    // a new sign-in with the new password works on the ended device
    expect((await signIn(http, user.email, 'brand-new-secret')).token).toEqual(expect.any(String));
  });

  it('deletes the account with everything it owns, after the password', async () => {
    const user = await registerUser(http);
    const profile = await createProfile(http, user.accessToken, { published: true });
    await http.post(`/api/profiles/${profile.id}/leads`, {
      body: { email: 'fan@example.com', consent: true },
    });

    const wrong = await http.delete<ErrorResponse>('/api/account', {
      token: user.accessToken,
      body: { password: 'wrong-one' },
    });
    expect(wrong.status).toBe(400);
    expect((await http.get(`/api/public/profiles/${profile.handle}`)).status).toBe(200);

    expect(
      (await http.delete('/api/account', { token: user.accessToken, body: { password: user.password } }))
        .status,
    ).toBe(204);
    expect((await http.get(`/api/public/profiles/${profile.handle}`)).status).toBe(404);
    expect((await http.get('/api/auth/me', { token: user.accessToken })).status).toBe(401);
    expect(
      (await http.post('/api/auth/login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    // the handle and the e-mail are free again
    const again = await registerUser(http, { email: user.email });
    const reclaimed = await http.post<ProfileResponse>('/api/profiles', {
      token: again.accessToken,
      body: { handle: profile.handle, displayName: 'Reclaimed' },
    });
    expect(reclaimed.status).toBe(201);
  });

  it('deleting the account ends every session: its tokens get 401 everywhere and create nothing', async () => {
    const user = await registerUser(http);
    const browser = await signIn(http, user.email, user.password);
    const deleted = await http.delete('/api/account', {
      cookie: browser.cookie,
      headers: { origin: 'https://cards.example.test' },
      body: { password: user.password },
    });
    expect(deleted.status).toBe(204);
    expect(cookieSet(deleted)?.value).toBe('');

    const card = fullProfileInput({ published: true });
    for (const credentials of [{ token: user.accessToken }, { cookie: browser.cookie }]) {
      const headers = { origin: 'https://cards.example.test' };
      expect((await me(credentials)).status).toBe(401);
      expect((await http.get('/api/profiles', credentials)).status).toBe(401);
      const created = await http.post<ErrorResponse>('/api/profiles', {
        ...credentials,
        headers,
        body: card,
      });
      expect(created.status).toBe(401);
      expect(created.body).toEqual({ error: 'Authentication required' });
      expect(
        (await http.patch('/api/account', { ...credentials, headers, body: { displayName: 'Ghost' } }))
          .status,
      ).toBe(401);
    }
    expect((await http.get(`/api/public/profiles/${card.handle}`)).status).toBe(404);
  });
});
