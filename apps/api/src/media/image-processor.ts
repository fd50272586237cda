import type { MediaKind } from '@cardcraft/contracts';

/** what the media service needs from an image library; the sharp adapter implements it */
export interface ImageProcessor {
  /**
   * decodes an upload (turned upright by its EXIF orientation), crops and scales it to the kind's
   * size and encodes it again as WebP, with no metadata (EXIF, GPS, XMP, comments) carried over.
   * throws ImageRejectedError when it is not an image it reads or has more pixels than allowed.
   */
  normalize(input: Buffer, kind: MediaKind, maxPixels: number): Promise<ProcessedImage>;
  /** a small square JPEG (a contact file's photo), on white where the image is transparent */
  jpegSquare(input: Buffer, size: number): Promise<Buffer>;
  /** a square PNG, for the drawn preview image */
  pngSquare(input: Buffer, size: number): Promise<Buffer>;
}

export interface ProcessedImage {
  data: Buffer;
  contentType: string;
  extension: 'webp' | 'jpg' | 'png';
  width: number;
  height: number;
}

export const IMAGE_PROCESSOR = Symbol('IMAGE_PROCESSOR');

export type ImageRejection = 'not-an-image' | 'too-many-pixels';

export class ImageRejectedError extends Error {
  constructor(readonly reason: ImageRejection) {
    super(reason);
    this.name = 'ImageRejectedError';
  }
}
