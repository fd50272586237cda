import type { ErrorResponse, ProfileResponse, SessionResponse, UserResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../testing/adapters';
import { createProfile, registerUser } from '../testing/http';
import { apiUnderTest } from '../testing/test-app';

describe.each(STORAGE_KINDS)('account settings over HTTP (%s)', (kind) => {
  const { http } = apiUnderTest(kind);

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
});
