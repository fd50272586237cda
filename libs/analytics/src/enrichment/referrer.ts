/**
 * the host a visit came from, lower-cased without a leading www; '' means direct: no referrer, an
 * unparsable one, or the product's own address (a visitor moving between pages of the site).
 */
export function referrerHost(referrer: string | null, ownHosts: ReadonlySet<string>): string {
  if (!referrer) return '';
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    host = url.hostname.toLowerCase();
  } catch {
    return '';
  }
  host = host.replace(/^www\./, '');
  if (host === '' || ownHosts.has(host)) return '';
  return host;
}

/** hosts of the configured public addresses, normalised like referrerHost */
export function ownHostsOf(urls: readonly string[]): Set<string> {
  const hosts = new Set<string>();
  for (const value of urls) {
    try {
      hosts.add(new URL(value).hostname.toLowerCase().replace(/^www\./, ''));
    } catch {
      if (value.trim())
        hosts.add(
          value
            .trim()
            .toLowerCase()
            .replace(/^www\./, ''),
        );
    }
  }
  return hosts;
}
