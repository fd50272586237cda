import { EMBED_FRAME_ORIGINS } from '@cardcraft/contracts';

// the browser policy of every page we serve: the API and the cluster's nginx send the same
// strings, and a test compares nginx.conf with these.

export type CspDirectives = Readonly<Record<string, readonly string[]>>;

export const CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  // the built app is script files of our own origin only: no inline script, no eval
  'script-src': ["'self'"],
  // radix's dialogs lock scrolling with a <style> element they generate at run time (with the measured
  // scrollbar width, so no hash can name it) and its select renders an inline <style>: both need
  // 'unsafe-inline' for styles. nonces would need a fresh value per answer, which the static nginx
  // cannot give. scripts stay strict, and css alone cannot run code.
  'style-src': ["'self'", "'unsafe-inline'"],
  // avatars, banners and link images are any https address their owner gives; data: and blob: are the
  // favicon, the qr code preview and downloads
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
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
