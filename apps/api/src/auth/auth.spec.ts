import type { ErrorResponse, SessionResponse, UserResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';

describe.each(STORAGE_KINDS)('auth over HTTP (%s)', (kind) => {
  const { http } = apiUnderTest(kind);

  it('registers a user and answers the session, e-mail lower-cased', async () => {
    const email = `New.User.${kind}@Example.com`;
    const response = await http.post<SessionResponse>('/api/auth/register', {
      body: { email, password: 'secret1', displayName: 'New User' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      accessToken: expect.any(String),
      expiresAtUtc: expect.any(String),
      userId: expect.any(String),
      email: email.toLowerCase(),
      displayName: 'New User',
    });
    const expiresAt = Date.parse(response.body.expiresAtUtc);
    expect(expiresAt).toBeGreaterThan(Date.now() + 6 * 86400_000);
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash|salt/i);
  });

  it('answers 409 for a taken e-mail, whatever its case', async () => {
    const user = await registerUser(http);
    const response = await http.post<ErrorResponse>('/api/auth/register', {
      body: { email: user.email.toUpperCase(), password: 'another1', displayName: 'Twin' },
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('An account with this email already exists');
  });

  it('logs in with the right password, case-insensitively on the e-mail', async () => {
    const user = await registerUser(http);
    const response = await http.post<SessionResponse>('/api/auth/login', {
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(response.status).toBe(200);
    expect(response.body.userId).toBe(user.userId);
    expect(response.body.displayName).toBe(user.displayName);
  });

  it('does not say which part of a failed login was wrong', async () => {
    const user = await registerUser(http);
    const wrongPassword = await http.post<ErrorResponse>('/api/auth/login', {
      body: { email: user.email, password: 'not-the-password' },
    });
    const unknownEmail = await http.post<ErrorResponse>('/api/auth/login', {
      body: { email: `nobody.${Date.now()}@example.com`, password: 'whatever' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: 'Invalid email or password' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('GET /auth/me answers the signed-in user and 401 without or with a bad bearer', async () => {
    const user = await registerUser(http);
    const me = await http.get<UserResponse>('/api/auth/me', { token: user.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      userId: user.userId,
      email: user.email,
      displayName: user.displayName,
      createdAtUtc: expect.any(String),
      notifyOnMessages: true,
    });
    expect((await http.get('/api/auth/me')).status).toBe(401);
    expect((await http.get('/api/auth/me', { token: `${user.accessToken}x` })).status).toBe(401);
    expect((await http.get<ErrorResponse>('/api/auth/me', { token: 'garbage' })).body).toEqual({
      error: 'Authentication required',
    });
  });

  it.each([
    ['login', { email: 'not-an-email', password: 'x' }, 'email', 'Enter a valid email address'],
    ['login', { email: 'a@b.co', password: '' }, 'password', 'Password is required'],
    [
      'register',
      { email: 'a@b.co', password: 'secret1', displayName: 'A' },
      'displayName',
      'Tell us how to call you',
    ],
    [
      'register',
      { email: 'nope', password: 'secret1', displayName: 'Al' },
      'email',
      'Enter a valid email address',
    ],
    [
      'register',
      { email: 'a@b.co', password: '12345', displayName: 'Al' },
      'password',
      'Password must be at least 6 characters',
    ],
  ])('%s rejects %j with the spec message on %s', async (route, body, field, message) => {
    const response = await http.post<ErrorResponse>(`/api/auth/${route}`, { body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Validation failed');
    expect(response.body.errors).toContainEqual({ field, message });
  });
});
