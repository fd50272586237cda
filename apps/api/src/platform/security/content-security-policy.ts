import { createHash } from 'node:crypto';
import { EMBED_FRAME_ORIGINS } from '@cardcraft/contracts';

// the browser policy of every page we serve: the API and the cluster's nginx send the same
// strings, and a test compares nginx.conf with these.

export type CspDirectives = Readonly<Record<string, readonly string[]>>;

export const CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  // the built app is script files of our own origin only: no inline script, no eval
  'script-src': ["'self'"],
  // the dashboard: radix's dialogs lock scrolling with a <style> element they generate at run time
  // (with the measured scrollbar width, so no hash can name it) and its select renders an inline
  // <style>: both need 'unsafe-inline' for styles. nonces would need a fresh value per answer, which
  // the static nginx cannot give. scripts stay strict, and css alone cannot run code. the card's
  // server-rendered pages, which have no radix, name their styles by hash instead (cardPagePolicy)
  'style-src': ["'self'", "'unsafe-inline'"],
  // avatars, banners and link images are any https address their owner gives; data: and blob: are the
  // favicon, the qr code preview and downloads
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  // the dashboard's service worker (/sw.js) and the installable app's manifest, our own files only;
  // named although default-src would cover them, so a change of default-src cannot drop them unseen
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  // the embed block's players, and nothing else
  'frame-src': Object.values(EMBED_FRAME_ORIGINS),
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
};

/** a policy header's value: "name value value;name value" */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

export const CONTENT_SECURITY_POLICY = serializeCsp(CSP_DIRECTIVES);

const STYLE_ELEMENT = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g;
// react writes every attribute in double quotes, with `"` `&` `'` `<` `>` escaped
const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g;
const ENTITIES: Readonly<Record<string, string>> = {
  '&quot;': '"',
  '&amp;': '&',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const EMPTY_STYLE = sha256('');

/**
 * the policy of a server-rendered card page: every directive as on every page, but styles only as
 * this page has them, each by its hash: its <style> elements, and its style attributes (the theme's
 * banner, the brand's colours) under 'unsafe-hashes', which lets those exact values and no other be
 * applied (an empty one too). no 'unsafe-inline': a style injected into the page does not apply.
 */
export function cardPagePolicy(html: string): string {
  const elements = new Set<string>();
  for (const [, css] of html.matchAll(STYLE_ELEMENT)) elements.add(sha256(css ?? ''));
  const attributes = new Set<string>();
  for (const [, value] of html.matchAll(STYLE_ATTRIBUTE))
    attributes.add(
      sha256((value ?? '').replace(/&(?:quot|amp|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)),
    );
  // and the empty attribute, which applies nothing: what a tool that puts an element's style back
  // (an accessibility checker, a browser's reader) writes where there was none
  attributes.add(EMPTY_STYLE);
  return serializeCsp({
    ...CSP_DIRECTIVES,
    'style-src': ["'self'", ...elements, "'unsafe-hashes'", ...attributes],
  });
}

/** browser features no page of ours uses, switched off for the page and every frame in it */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');
