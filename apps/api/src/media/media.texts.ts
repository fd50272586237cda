// what an upload answers when it is refused: short and plain, in the product's words

export { NOT_AN_IMAGE } from '@cardcraft/contracts';

export function imageTooLarge(maxBytes: number): string {
  return `This image is larger than ${megabytes(maxBytes)}. Choose a smaller one.`;
}

export function imageTooManyPixels(maxPixels: number): string {
  return `This image has more than ${Math.floor(maxPixels / 1_000_000) || 1} megapixels. Choose a smaller one.`;
}

export const UNKNOWN_MEDIA_KIND = 'Upload an avatar or a banner';

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
