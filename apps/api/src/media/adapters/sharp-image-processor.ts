import { MEDIA_KINDS, type MediaKind } from '@cardcraft/contracts';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { ImageRejectedError, type ImageProcessor, type ProcessedImage } from '../image-processor';

/** the formats an upload may be in: what a phone's camera roll and a browser's canvas give */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const WEBP_QUALITY = 82;
const JPEG_QUALITY = 82;

// sharp keeps decoded images in a cache meant for a server that resizes the same file often; ours
// are seen once, so the memory is better left free
sharp.cache(false);

/** images through sharp (libvips): decoding, orientation, crop, scale and re-encoding */
export class SharpImageProcessor implements ImageProcessor {
  async normalize(input: Buffer, kind: MediaKind, maxPixels: number): Promise<ProcessedImage> {
    const size = MEDIA_KINDS[kind];
    const image = await this.open(input, maxPixels);
    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await image
        .rotate()
        .resize(size.width, size.height, { fit: 'cover', position: 'centre' })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
    } catch {
      // a header that promised an image, with data that does not decode (a cut or corrupt file)
      throw new ImageRejectedError('not-an-image');
    }
    const { data, info } = output;
    return { data, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
  }

  async jpegSquare(input: Buffer, size: number): Promise<Buffer> {
    return sharp(input)
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  }

  async pngSquare(input: Buffer, size: number): Promise<Buffer> {
    return sharp(input).rotate().resize(size, size, { fit: 'cover' }).png().toBuffer();
  }

  /** the image, its header read and checked before any pixel is decoded */
  private async open(input: Buffer, maxPixels: number): Promise<Sharp> {
    let format: string | undefined;
    let pixels = 0;
    try {
      // an animation's first frame only; the header says the size before anything is decoded
      const metadata = await sharp(input, { limitInputPixels: false, animated: false }).metadata();
      format = metadata.format;
      pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
    } catch {
      throw new ImageRejectedError('not-an-image');
    }
    // svg and pdf are documents, not photos (and may point at other files): refused like text
    if (!format || !ACCEPTED_FORMATS.has(format) || pixels === 0) {
      throw new ImageRejectedError('not-an-image');
    }
    if (pixels > maxPixels) throw new ImageRejectedError('too-many-pixels');
    return sharp(input, { limitInputPixels: maxPixels, animated: false, failOn: 'error' });
  }
}
