import type { SessionResponse } from '@cardcraft/contracts';
import type { UsersRepository } from '@cardcraft/storage';
import { USERS } from '../platform/storage/storage.tokens';
import { STORAGE_KINDS } from '../platform/testing/adapters';
import { registerUser } from '../platform/testing/http';
import { apiUnderTest } from '../platform/testing/test-app';
import { hashWith } from './password-hasher';

// the product's own work factor (the other suites lower it for speed): each hash takes 128 MiB
describe.each(STORAGE_KINDS)('passwords at the product default (%s)', (kind) => {
  const { app, http } = apiUnderTest(kind, { PASSWORD_SCRYPT_COST: '' });
  const storedHash = async (userId: string) =>
    (await app().app.get<UsersRepository>(USERS).findById(userId))!.passwordHash;

  it('stores a new password with scrypt N=2^17, r=8, p=1 and a 16-byte salt', async () => {
    const user = await registerUser(http);
    const [scheme, n, r, p, salt] = (await storedHash(user.userId)).split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
  });

  it('upgrades an older, weaker hash at the next sign-in, and only a successful one', async () => {
    const users = app().app.get<UsersRepository>(USERS);
    const email = `legacy.${kind}.${Date.now()}@example.com`;
    const legacy = await hashWith('old-but-right', { N: 2 ** 15, r: 8, p: 1 });
    const user = await users.create({ email, displayName: 'Legacy', passwordHash: legacy });

    const wrong = await http.post('/api/auth/login', { body: { email, password: 'not-it' } });
    expect(wrong.status).toBe(401);
    expect(await storedHash(user.id)).toBe(legacy);

    const login = await http.post<SessionResponse>('/api/auth/login', {
      body: { email, password: 'old-but-right' },
    });
    expect(login.status).toBe(200);
    const upgraded = await storedHash(user.id);
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);

    // the new hash is kept, not redone at every sign-in, and the same password still works
    const again = await http.post('/api/auth/login', { body: { email, password: 'old-but-right' } });
    expect(again.status).toBe(200);
    expect(await storedHash(user.id)).toBe(upgraded);
  });
});
