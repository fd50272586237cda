import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

// where a webhook may go: public unicast addresses only, unless the operator allows private ones
// (WEBHOOK_ALLOW_PRIVATE, for a receiver on the same machine or network). the check runs when an
// endpoint is saved and again on every attempt, on the very address the connection then uses.

/** why an address is refused, or null for a public one */
export type AddressClass =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'cgnat'
  | 'multicast'
  | 'unspecified'
  | 'reserved'
  | null;

function ipv4Parts(address: string): number[] | null {
  const parts = address.split('.').map(Number);
  return parts.length === 4 && parts.every((part) => Number.isInteger(part) && part >= 0 && part <= 255)
    ? parts
    : null;
}

function classifyIpv4(address: string): AddressClass {
  const parts = ipv4Parts(address);
  if (!parts) return 'reserved';
  const [a, b] = parts;
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 100 && b >= 64 && b <= 127) return 'cgnat';
  if (a >= 224 && a <= 239) return 'multicast';
  // 192.0.0.0/24 (protocol assignments), 198.18.0.0/15 (benchmarks), 240.0.0.0/4 and broadcast
  if ((a === 192 && b === 0 && parts[2] === 0) || (a === 198 && (b === 18 || b === 19)) || a >= 240) {
    return 'reserved';
  }
  return null;
}

/** the 8 groups of an IPv6 address as numbers, with an embedded dotted IPv4 tail read as two groups */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = ipv4Parts(dotted[1]);
    if (!parts) return null;
    text =
      text.slice(0, -dotted[1].length) +
      `${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  const numbers = groups.map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN));
  return numbers.some(Number.isNaN) ? null : numbers;
}

function classifyIpv6(address: string): AddressClass {
  const groups = ipv6Groups(address);
  if (!groups) return 'reserved';
  const zeroUntil = (n: number) => groups.slice(0, n).every((group) => group === 0);
  const embeddedIpv4 = () => `${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`;
  if (zeroUntil(8)) return 'unspecified';
  if (zeroUntil(7) && groups[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): the IPv4 address decides
  if (zeroUntil(5) && groups[5] === 0xffff) return classifyIpv4(embeddedIpv4());
  if (zeroUntil(6)) return classifyIpv4(embeddedIpv4());
  // 64:ff9b::/96, NAT64: the IPv4 address inside decides too
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) {
    return classifyIpv4(embeddedIpv4());
  }
  // 2002::/16, 6to4: the IPv4 address in its second and third groups
  if (groups[0] === 0x2002) {
    return classifyIpv4(`${groups[1] >> 8}.${groups[1] & 255}.${groups[2] >> 8}.${groups[2] & 255}`);
  }
  const first = groups[0];
  if ((first & 0xfe00) === 0xfc00) return 'unique-local';
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  // fec0::/10, site-local: deprecated, private in effect
  if ((first & 0xffc0) === 0xfec0) return 'private';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  // 2001:db8::/32, documentation; 100::/64, discard
  if ((first === 0x2001 && groups[1] === 0xdb8) || (first === 0x100 && zeroUntil(4))) return 'reserved';
  return null;
}

/** the class of an IP address (v4 or v6, without brackets); a string that is none is 'reserved' */
export function classifyAddress(address: string): AddressClass {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const version = isIP(bare.split('%')[0]);
  if (version === 4) return classifyIpv4(bare);
  if (version === 6) return classifyIpv6(bare);
  return 'reserved';
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === null;
}

export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused a private or local address (${address})`);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** a hostname as the URL parser leaves it: IPv6 in brackets; a literal needs no resolution */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/**
 * the addresses a host name resolves to, every one of them checked: a name with one private address
 * among public ones is refused whole, since any of them could be the one connected to
 */
export async function resolvePublic(
  hostname: string,
  allowPrivate: boolean,
  lookup: (host: string) => Promise<ResolvedAddress[]> = systemLookup,
): Promise<ResolvedAddress[]> {
  const literal = literalAddress(hostname);
  const addresses = literal ? [{ address: literal, family: isIP(literal) as 4 | 6 }] : await lookup(hostname);
  if (!allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) throw new RefusedAddressError(refused.address);
  }
  return addresses;
}

async function systemLookup(host: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(host, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
}
