import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export interface ReadPng {
  width: number;
  height: number;
  /** #rrggbb of the pixel at x, y */
  pixel(x: number, y: number): string;
  /** what a standard reader (jsQR) reads in the image; null when it finds no code */
  decoded: string | null;
}

/** a PNG read as a phone's reader would: its pixels and the code it holds */
export function readQrPng(png: Buffer): ReadPng {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  const code = jsQR(pixels, image.width, image.height, { inversionAttempts: 'dontInvert' });
  return {
    width: image.width,
    height: image.height,
    pixel(x, y) {
      const at = (image.width * y + x) * 4;
      return `#${[0, 1, 2].map((i) => image.data[at + i].toString(16).padStart(2, '0')).join('')}`;
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
