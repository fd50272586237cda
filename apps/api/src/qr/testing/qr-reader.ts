import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';

export interface ReadPng {
  width: number;
  height: number;
  /** #rrggbb of the pixel at x, y */
  pixel(x: number, y: number): string;
  /** what a standard reader (jsQR) reads in the image; null when it finds no code */
  decoded: string | null;
}

/**
 * the largest side the reader is given: a phone's reader works on camera frames of about this size,
 * and a code drawn at 2048 px holds nothing a reader needs that 640 px lose (its modules stay 15 px
 * and more), while jsQR's time grows with the pixels
 */
const READER_SIDE = 640;

/** a PNG read as a phone's reader would: its pixels at full size, and the code it holds */
export async function readQrPng(png: Buffer): Promise<ReadPng> {
  const full = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = full.info;
  const seen =
    Math.max(width, height) > READER_SIDE
      ? await sharp(png)
          .resize({ width: READER_SIDE, height: READER_SIDE, fit: 'inside' })
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true })
      : full;
  const pixels = new Uint8ClampedArray(seen.data.buffer, seen.data.byteOffset, seen.data.length);
  const code = jsQR(pixels, seen.info.width, seen.info.height, { inversionAttempts: 'dontInvert' });
  return {
    width,
    height,
    pixel(x, y) {
      const at = (width * y + x) * 4;
      return `#${[0, 1, 2].map((i) => (full.data[at + i] as number).toString(16).padStart(2, '0')).join('')}`;
    },
    decoded: code?.data ?? null,
  };
}

/** a square PNG of a colourful pattern, standing for a company logo */
export function logoPng(side = 96): Buffer {
  const png = new PNG({ width: side, height: side });
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const at = (side * y + x) * 4;
      const inCircle = (x - side / 2) ** 2 + (y - side / 2) ** 2 < (side / 2.5) ** 2;
      png.data[at] = inCircle ? 0xe1 : 0x10;
      png.data[at + 1] = inCircle ? 0x1d : 0xb9;
      png.data[at + 2] = inCircle ? 0x48 : 0x81;
      png.data[at + 3] = 0xff;
    }
  }
  return PNG.sync.write(png);
}
