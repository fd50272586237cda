import type { ErrorResponse } from '@cardcraft/contracts';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { registerUser } from '../platform/testing/http';
import { apiUnderTest, unlimitedRateLimits } from '../platform/testing/test-app';

let addressCounter = 0;
const freshAddress = () => `198.51.100.${(addressCounter++ % 250) + 1}`;

describe.each(STORAGE_KINDS)('forgot password limits (%s)', (kind) => {
  const { http } = apiUnderTest(kind, {
    ...unlimitedRateLimits(),
    RATE_LIMIT_PASSWORD_RESET: '3/1m',
    RATE_LIMIT_RESET_PER_ACCOUNT: '2/15m',
  });
  const ask = (email: string, address = freshAddress()) =>
    http.post<ErrorResponse>('/api/auth/forgot-password', {
      body: { email },
      headers: { 'x-forwarded-for': address },
    });

  it('limits the requests for one address asked for, from any client, with the same answer before', async () => {
    const user = await registerUser(http);
    expect((await ask(user.email)).status).toBe(202);
    expect((await ask(user.email.toUpperCase())).status).toBe(202);
    const third = await ask(user.email);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    // another address is not affected
    expect((await ask(`someone.else.${Date.now()}@example.com`)).status).toBe(202);
  });

  it('limits the requests of one client, whatever addresses it asks for', async () => {
    const client = freshAddress();
    for (let n = 0; n < 3; n += 1) {
      expect((await ask(`spray.${n}.${Date.now()}@example.com`, client)).status).toBe(202);
    }
    expect((await ask(`spray.last.${Date.now()}@example.com`, client)).status).toBe(429);
  });
});
