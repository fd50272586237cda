import { clientAddressKey, rateLimitTrackers, waitText } from './rate-limit-keys';

describe('rate limit keys', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
  ])('an address %s spends the budget of %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });

  it('charges the address, and the account when signed in', () => {
    expect(rateLimitTrackers('messages', { ip: '198.51.100.1' })).toEqual(['address:198.51.100.1']);
    expect(rateLimitTrackers('passwordChange', { ip: '198.51.100.1', userId: 'u1' })).toEqual([
      'address:198.51.100.1',
      'account:u1',
    ]);
  });

  it('charges sign-ins per account to the e-mail tried, whatever its case, and never keeps it readable', () => {
    const [lower] = rateLimitTrackers('signInPerAccount', { ip: '::1', body: { email: 'ada@example.com' } });
    const [upper] = rateLimitTrackers('signInPerAccount', { ip: '::1', body: { email: ' ADA@example.com' } });
    expect(lower).toMatch(/^email:[0-9a-f]{64}$/);
    expect(upper).toBe(lower);
    expect(rateLimitTrackers('signInPerAccount', { ip: '::1', body: { email: 42 } })).toEqual([]);
    expect(rateLimitTrackers('signInPerAccount', { ip: '::1' })).toEqual([]);
  });

  it('charges a shared link’s password tries to the link, whoever tries, never keeping its token readable', () => {
    const token = 'a'.repeat(43);
    const [first] = rateLimitTrackers('shareUnlockPerLink', { ip: '198.51.100.1', params: { token } });
    const [second] = rateLimitTrackers('shareUnlockPerLink', { ip: '203.0.113.9', params: { token } });
    expect(first).toMatch(/^share:[0-9a-f]{64}$/);
    expect(second).toBe(first);
    expect(first).not.toContain(token);
    expect(rateLimitTrackers('shareUnlockPerLink', { ip: '::1', params: {} })).toEqual([]);
    expect(rateLimitTrackers('shareUnlock', { ip: '198.51.100.1', params: { token } })).toEqual([
      'address:198.51.100.1',
    ]);
  });

  it.each([
    [1, 'a second'],
    [42, '42 seconds'],
    [60, 'a minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
    [3600, 'an hour'],
    [7200, '2 hours'],
  ])('tells a wait of %ss as "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});
