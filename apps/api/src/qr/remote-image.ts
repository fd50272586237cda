import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export class RemoteImageError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RemoteImageError';
  }
}

export interface RemoteImageOptions {
  /** the product's own origin (PUBLIC_BASE_URL): its images may be on a private address */
  trustedOrigin: string;
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

/** loopback, private, link-local, carrier-grade NAT, unique-local, multicast and unspecified ranges */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * resolves like dns.lookup, and refuses a private address: checked where the connection is made, so a
 * name that resolves to a public address once and a private one later cannot slip through
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((entry) => !isPrivateAddress(entry.address));
    if (allowed.length === 0) {
      return callback(new RemoteImageError('the address is not public'), '', 0);
    }
    if (options.all) return callback(null, allowed as unknown as string, 0);
    return callback(null, allowed[0].address, allowed[0].family);
  });
};

/**
 * fetches an image another site serves (the card's avatar) for the server to draw with: http(s) only,
 * public addresses only unless it is the product's own origin, a few redirects, a time limit and a
 * size limit. it answers the bytes; the caller checks they are an image.
 */
export async function fetchRemoteImage(address: string, options: RemoteImageOptions): Promise<Buffer> {
  const { maxRedirects = 3 } = options;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new RemoteImageError('not a URL');
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteImageError('not http(s)');
    const response = await get(url, options);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= maxRedirects) throw new RemoteImageError('too many redirects');
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new RemoteImageError(`answered ${status}`);
    }
    return readBody(response, options.maxBytes);
  }
}

function get(url: URL, options: RemoteImageOptions): Promise<IncomingMessage> {
  const trusted = url.origin === new URL(options.trustedOrigin).origin;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  // an address written as an IP never reaches the lookup
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!trusted && isIP(literal) && isPrivateAddress(literal)) {
    return Promise.reject(new RemoteImageError('the address is not public'));
  }
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'GET',
        headers: { accept: 'image/png,image/jpeg,image/gif,image/webp;q=0.9,*/*;q=0.1' },
        timeout: options.timeoutMs ?? 5000,
        ...(trusted ? {} : { lookup: publicOnlyLookup }),
      },
      resolve,
    );
    outgoing.on('timeout', () => outgoing.destroy(new RemoteImageError('timed out')));
    outgoing.on('error', (error) =>
      reject(error instanceof RemoteImageError ? error : new RemoteImageError(error.message)),
    );
    outgoing.end();
  });
}

function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    response.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) {
        response.destroy();
        reject(new RemoteImageError('too large'));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', (error) => reject(new RemoteImageError(error.message)));
  });
}
