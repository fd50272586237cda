import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../platform/config/app-config';
import { hashWith, PasswordHasher } from './password-hasher';

const HASH = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/;
const fast = new PasswordHasher({ passwordScryptCost: 2 ** 14 });

describe('PASSWORD_SCRYPT_COST', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-hasher-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const cost = (value?: string) =>
    loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: '', PASSWORD_SCRYPT_COST: value }).passwordScryptCost;

  it("defaults to OWASP's N=2^17, and the product's hasher uses it with r=8, p=1", () => {
    expect(cost()).toBe(131072);
    expect(cost('')).toBe(131072);
    const hasher = new PasswordHasher({ passwordScryptCost: cost() });
    expect(hasher.params).toEqual({ N: 131072, r: 8, p: 1 });
    expect(hasher.dummyHash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('takes a power of two from 2^14 to 2^20', () => {
    expect(cost('16384')).toBe(16384);
    expect(cost(' 1048576 ')).toBe(1048576);
    for (const bad of ['8192', '100000', '2097152', 'lots', '131072.5', '-131072']) {
      expect(() => cost(bad)).toThrow(ConfigError);
      expect(() => cost(bad)).toThrow(/PASSWORD_SCRYPT_COST must be a power of two from 16384 to 1048576/);
    }
  });
});

describe('PasswordHasher', () => {
  it('hashes with a fresh salt into a self-describing string that verifies', async () => {
    const [first, second] = await Promise.all([fast.hash('correct horse'), fast.hash('correct horse')]);
    expect(first).toMatch(HASH);
    expect(first).not.toBe(second);
    const [, n, r, p, salt, key] = HASH.exec(first)!;
    expect([Number(n), Number(r), Number(p)]).toEqual([16384, 8, 1]);
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    await expect(fast.verify('correct horse', first)).resolves.toBe(true);
    await expect(fast.verify('correct horse!', first)).resolves.toBe(false);
    await expect(fast.verify('', first)).resolves.toBe(false);
  });

  it('verifies a hash made with other parameters, as the hash string says', async () => {
    const older = await hashWith('old secret', { N: 2 ** 12, r: 8, p: 1 });
    await expect(fast.verify('old secret', older)).resolves.toBe(true);
    await expect(fast.verify('other', older)).resolves.toBe(false);
  });

  it('says a weaker hash needs rehashing, and never asks to downgrade a stronger one', async () => {
    expect(fast.needsRehash(await hashWith('x', { N: 2 ** 13, r: 8, p: 1 }))).toBe(true);
    expect(fast.needsRehash(await hashWith('x', { N: 2 ** 14, r: 4, p: 1 }))).toBe(true);
    expect(fast.needsRehash(await fast.hash('x'))).toBe(false);
    expect(fast.needsRehash(await hashWith('x', { N: 2 ** 15, r: 8, p: 1 }))).toBe(false);
    expect(fast.needsRehash('bcrypt$whatever')).toBe(true);
  });

  it('rejects, without throwing or hashing for ever, strings that are not its hashes', async () => {
    for (const stored of [
      '',
      'plain-text-password',
      'scrypt$16384$8$1$$',
      'scrypt$16385$8$1$AAAA$AAAA',
      'scrypt$1073741824$8$1$AAAA$AAAA',
      'scrypt$16384$0$1$AAAA$AAAA',
      'scrypt$16384$8$99$AAAA$AAAA',
      'scrypt$16384$8$1$AAAA$AAAA$extra',
    ]) {
      await expect(fast.verify('x', stored)).resolves.toBe(false);
    }
  });

  it('keeps a dummy hash at the current parameters that no password matches', async () => {
    expect(fast.dummyHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(fast.needsRehash(fast.dummyHash)).toBe(false);
    await expect(fast.verify('', fast.dummyHash)).resolves.toBe(false);
    await expect(fast.verify('password', fast.dummyHash)).resolves.toBe(false);
  });
});
