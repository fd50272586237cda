/**
 * the host a visit came from, lower-cased without a leading www (or an android app's package); ''
 * means direct: no referrer, an unparsable one, or the product's own address.
 */
export function referrerHost(referrer: string | null, ownHosts: ReadonlySet<string>): string {
  if (!referrer) return '';
  let host: string;
  try {
    const url = new URL(referrer);
    // an android app's referrer names the app's package (android-app://com.google.android.gm/)
    if (url.protocol === 'android-app:') return url.hostname.toLowerCase();
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
