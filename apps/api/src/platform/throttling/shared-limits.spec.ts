import type { ErrorResponse, SessionResponse } from '@cardcraft/contracts';
import { httpClient, type HttpClient } from '../testing/http';
import { twoReplicasUnderTest } from '../testing/replicas';
import { unlimitedRateLimits } from '../testing/test-app';

describe('abuse limits across api replicas (Redis)', () => {
  // two replicas of one deployment on one redis; the key prefix keeps this run's counters apart
  const replicas = twoReplicasUnderTest('limits', {
    ...unlimitedRateLimits(),
    RATE_LIMIT_SIGN_UP: '3/1m',
    RATE_LIMIT_PASSWORD_CHANGE: '2/15m',
  });
  const httpA = httpClient(() => replicas().a.url);
  const httpB = httpClient(() => replicas().b.url);

  let counter = 0;
  const signUp = (http: HttpClient, address: string) =>
    http.post<SessionResponse & ErrorResponse>('/api/auth/register', {
      headers: { 'x-forwarded-for': address },
      body: {
        email: `replicas${++counter}.${process.pid}.${Date.now()}@example.com`,
        password: 'correct horse battery',
        displayName: 'Replica Tester',
      },
    });

  it('counts an address once across replicas', async () => {
    const address = '2001:db8:77::1';
    const statuses = [
      (await signUp(httpA, address)).status,
      (await signUp(httpB, '2001:db8:77::2')).status,
      (await signUp(httpA, address)).status,
    ];
    expect(statuses).toEqual([201, 201, 201]);
    const refused = await signUp(httpB, '2001:db8:77::3');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many requests, please try again in a minute' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect((await signUp(httpA, address)).status).toBe(429);
    expect((await signUp(httpB, '2001:db8:78::1')).status).toBe(201);
  });

  it('counts a signed-in account once across replicas and addresses', async () => {
    const user = (await signUp(httpA, '198.51.100.20')).body;
    const changePassword = (http: HttpClient, address: string) =>
      http.post('/api/account/password', {
        token: user.accessToken,
        headers: { 'x-forwarded-for': address },
        body: { currentPassword: 'not it', newPassword: 'another long password' },
      });
    expect((await changePassword(httpA, '198.51.100.21')).status).toBe(400);
    expect((await changePassword(httpB, '198.51.100.22')).status).toBe(400);
    const refused = await changePassword(httpA, '198.51.100.23');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many requests, please try again in 15 minutes' });
    expect((await changePassword(httpB, '198.51.100.24')).status).toBe(429);
  });
});
