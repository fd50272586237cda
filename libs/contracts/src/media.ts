// images the product keeps itself: uploaded avatars and banners, served from /media/<key>, and the
// preview image the server draws for a card. shared by the API, the editor and the card's page.

/** the answer to a file that does not read as an image, in the editor and from the server */
export const NOT_AN_IMAGE = 'This file is not an image. Choose a JPEG, PNG, WebP or GIF file.';

/** what an upload is for, and the size the server makes of it */
export const MEDIA_KINDS = {
  avatar: { width: 512, height: 512, label: 'avatar' },
  banner: { width: 1500, height: 500, label: 'banner' },
} as const;
export type MediaKind = keyof typeof MEDIA_KINDS;

export function isMediaKind(value: unknown): value is MediaKind {
  return value === 'avatar' || value === 'banner';
}

/** a stored image's key: a content hash, maybe a prefix, and the extension */
export const MEDIA_KEY_PATTERN = /^[a-z0-9-]{8,80}\.(webp|jpg|png)$/;

/** the path an image is served at */
export function mediaPath(key: string): string {
  return `/media/${key}`;
}

/**
 * the key of an image the product stores, when the address is one of its /media/ addresses; null for
 * any other address (a pasted one)
 */
export function mediaKeyOf(url: string | null | undefined): string | null {
  const text = url?.trim();
  if (!text) return null;
  let path: string;
  try {
    path = new URL(text, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  const match = /^\/media\/([^/]+)$/.exec(path);
  return match && MEDIA_KEY_PATTERN.test(match[1]) ? match[1] : null;
}

/** what an upload answers */
export interface MediaUploadResponse {
  /** the image's address, to put in the card's avatarUrl or bannerUrl */
  url: string;
  key: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
}

/** the card fields the drawn preview image shows: a change of any of them draws a new one */
export interface CardPreviewSource {
  handle: string;
  displayName: string;
  tagline: string | null;
  theme: string;
  contact: { company: string | null };
  media: { avatarUrl: string | null };
}

/** bumped when the drawing itself changes, so every card's preview is drawn again */
export const CARD_PREVIEW_DESIGN = 1;
export const CARD_PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/** 53 bits of a string's hash (cyrb53): a cache key, not a security measure */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, '0');
}

/** the version of a card's drawn preview: a hash of everything it draws */
export function cardPreviewVersion(card: CardPreviewSource): string {
  return hash53(
    JSON.stringify([
      CARD_PREVIEW_DESIGN,
      card.handle,
      card.displayName,
      card.tagline,
      card.contact.company,
      card.media.avatarUrl,
      card.theme,
    ]),
  );
}

/** where the drawn preview of a card is served; the version makes each drawing its own address */
export function cardPreviewPath(card: CardPreviewSource): string {
  return `/u/${encodeURIComponent(card.handle)}/preview.png?v=${cardPreviewVersion(card)}`;
}
