// images kept for cards: uploaded avatars and banners, and the preview images the server draws. the
// bytes are addressed by a key made from their hash, so a key's bytes never change.

/** a key: lower-case letters, digits and dashes, a dot and an extension (`3f2a…9c.webp`) */
export const MEDIA_KEY = /^[a-z0-9-]{8,80}\.(webp|jpg|png)$/;

export interface MediaObject {
  key: string;
  /** the user it was made for: uploads and previews go when that user deletes them or the account */
  ownerId: string;
  contentType: string;
  size: number;
  createdAt: Date;
}

export interface StoredMedia extends MediaObject {
  data: Buffer;
}

export interface NewMedia {
  key: string;
  ownerId: string;
  contentType: string;
  data: Buffer;
}

export interface MediaRepository {
  /**
   * stores the bytes under their key; a key that is already stored is kept as it is (the same key is
   * the same bytes) and answered
   */
  put(media: NewMedia): Promise<MediaObject>;
  /** the object and its bytes; null for an unknown or malformed key */
  get(key: string): Promise<StoredMedia | null>;
  /** every object of the owner, oldest first */
  listByOwner(ownerId: string): Promise<MediaObject[]>;
  /** false when it was not stored */
  delete(key: string): Promise<boolean>;
  /**
   * gives the objects of these keys that `fromOwner` holds to `toOwner` (a team card changing hands
   * takes its images along, so the one who left no longer sweeps them); answers how many moved
   */
  handOver(keys: readonly string[], fromOwner: string, toOwner: string): Promise<number>;
}
