import { classifyAddress, literalAddress, RefusedAddressError, resolvePublic } from './address-guard';

/** the host as a webhook's address leaves it after the URL parser, the way the guard meets it */
const hostOf = (url: string) => new URL(url).hostname;

describe('the webhook address classifier', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['2001:db8::1', 'reserved'],
    ['[::1]', 'loopback'],
    ['not-an-address', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.0.1',
    '192.169.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBeNull();
  });

  // the URL parser turns the odd IPv4 spellings into the dotted form, so the guard sees what a
  // connection would reach
  it.each([
    ['https://0x7f.1/hook', 'loopback'],
    ['https://2130706433/hook', 'loopback'],
    ['https://0177.0.0.1/hook', 'loopback'],
    ['https://127.1/hook', 'loopback'],
    ['https://0x7f000001/hook', 'loopback'],
    ['https://017700000001/hook', 'loopback'],
    ['https://10.1/hook', 'private'],
    ['https://0/hook', 'unspecified'],
    ['https://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/hook', 'loopback'],
    ['https://[::]/hook', 'unspecified'],
    ['https://[fe80::1]/hook', 'link-local'],
  ])('%s reaches a %s address', (url, kind) => {
    const literal = literalAddress(hostOf(url));
    expect(literal).not.toBeNull();
    expect(classifyAddress(literal!)).toBe(kind);
  });

  it('refuses a name when any of its addresses is private, and keeps them all when allowed', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '10.0.0.7', family: 4 as const },
    ];
    await expect(resolvePublic('mixed.example.com', false, lookup)).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    await expect(resolvePublic('mixed.example.com', true, lookup)).resolves.toHaveLength(2);
    const publicOnly = async () => [{ address: '2606:4700:4700::1111', family: 6 as const }];
    await expect(resolvePublic('ok.example.com', false, publicOnly)).resolves.toEqual([
      { address: '2606:4700:4700::1111', family: 6 },
    ]);
  });

  it('checks a literal without resolving it, and resolves localhost to a refused address', async () => {
    const never = async (): Promise<never> => {
      throw new Error('a literal is not looked up');
    };
    await expect(resolvePublic('[::1]', false, never)).rejects.toThrow(
      'refused a private or local address (::1)',
    );
    await expect(resolvePublic('8.8.8.8', false, never)).resolves.toEqual([
      { address: '8.8.8.8', family: 4 },
    ]);
    await expect(resolvePublic('localhost', false)).rejects.toBeInstanceOf(RefusedAddressError);
  });
});
