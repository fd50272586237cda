import QRCode from 'qrcode';

/** an image to put in the code's centre, as its bytes and their type */
export interface LogoImage {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  bytes: Buffer;
}

export interface QrArtwork {
  /** what the code says: the card's address with its channel */
  text: string;
  /** #rrggbb */
  foreground: string;
  background: string;
  logo: LogoImage | null;
}

/** the blank margin a reader needs around a code, in modules (the standard's 4) */
const QUIET_ZONE = 4;
/**
 * the logo's side as a share of the code's: about 6% of its modules, well inside what error correction
 * H (30%) restores, and clear of the finder patterns in the corners
 */
const LOGO_SHARE = 0.24;

/** the type of an image from its first bytes; null for anything else */
export function sniffImage(bytes: Buffer): LogoImage['mime'] | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/**
 * the code as an SVG document: one path of the dark modules in the foreground colour on the
 * background, with the quiet zone. with a logo the code uses error correction H and leaves the centre
 * free for the logo on a rounded tile of the background colour.
 */
export function qrSvg({ text, foreground, background, logo }: QrArtwork): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: logo ? 'H' : 'M' });
  const size = qr.modules.size;
  const total = size + 2 * QUIET_ZONE;
  // the logo's tile in whole modules, of the code's parity so that it sits exactly in the middle
  let tile = logo ? Math.round(size * LOGO_SHARE) : 0;
  if ((size - tile) % 2 !== 0) tile += 1;
  const from = (size - tile) / 2;
  const cleared = (row: number, col: number) =>
    tile > 0 && row >= from && row < from + tile && col >= from && col < from + tile;

  const path: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!qr.modules.get(row, col) || cleared(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && qr.modules.get(row, col) && !cleared(row, col)) col++;
      path.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`);
    }
  }

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" width="${total * 8}" height="${total * 8}" shape-rendering="crispEdges">`,
    `<rect width="${total}" height="${total}" fill="${background}"/>`,
    `<path fill="${foreground}" d="${path.join('')}"/>`,
  ];
  if (logo && tile > 0) {
    const x = from + QUIET_ZONE;
    const inset = tile * 0.1;
    const side = tile - 2 * inset;
    const radius = (tile * 0.2).toFixed(2);
    const inner = (side * 0.2).toFixed(2);
    parts.push(
      `<rect x="${x}" y="${x}" width="${tile}" height="${tile}" rx="${radius}" fill="${background}" shape-rendering="geometricPrecision"/>`,
      `<clipPath id="logo-clip"><rect x="${x + inset}" y="${x + inset}" width="${side}" height="${side}" rx="${inner}"/></clipPath>`,
      `<image x="${x + inset}" y="${x + inset}" width="${side}" height="${side}" preserveAspectRatio="xMidYMid slice" clip-path="url(#logo-clip)" href="data:${logo.mime};base64,${logo.bytes.toString('base64')}"/>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
