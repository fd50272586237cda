import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  cardPreviewVersion,
  isMediaKind,
  mediaKeyOf,
  mediaPath,
  type MediaKind,
  type MediaUploadResponse,
} from '@cardcraft/contracts';
import type { MediaObject, MediaRepository, ProfileRecord, StoredMedia } from '@cardcraft/storage';
import { createHash } from 'node:crypto';
import { BadInputError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { MEDIA } from '../platform/storage/storage.tokens';
import { IMAGE_PROCESSOR, ImageRejectedError, type ImageProcessor } from './image-processor';
import { NOT_AN_IMAGE, UNKNOWN_MEDIA_KIND, imageTooManyPixels } from './media.texts';

/** an upload no card refers to yet is kept this long: the editor saves the card after the upload */
export const UNSAVED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
/** a preview image's key starts with this; uploads' keys are plain hashes */
export const PREVIEW_KEY_PREFIX = 'og-';

const VCARD_PHOTO_SIZE = 256;
/** contact-file photos kept in memory, by media key */
const VCARD_PHOTO_CACHE = 200;

/** the store's key of a card's drawn preview image: changes with anything the drawing shows */
export function previewStoreKey(card: ProfileRecord): string {
  return `${PREVIEW_KEY_PREFIX}${cardPreviewVersion(card)}.png`;
}

/**
 * uploaded images: checked, scaled and re-encoded (image processor), stored under a hash of their
 * bytes (storage's media port) and served from that address for ever; images no card uses any more
 * are removed as their owner's cards change.
 */
@Injectable()
export class MediaService {
  private readonly logger = new Logger('Media');
  private readonly vcardPhotos = new Map<string, string>();

  constructor(
    @Inject(MEDIA) private readonly media: MediaRepository,
    @Inject(IMAGE_PROCESSOR) private readonly images: ImageProcessor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async upload(ownerId: string, kind: string, body: unknown): Promise<MediaUploadResponse> {
    if (!isMediaKind(kind)) throw new BadInputError(UNKNOWN_MEDIA_KIND);
    // a body of another type (text, json, a form) arrives parsed as something else than bytes
    if (!Buffer.isBuffer(body) || body.length === 0) throw new BadInputError(NOT_AN_IMAGE);
    const image = await this.normalize(body, kind);
    // the owner is part of the hash, so two accounts never share (and never delete) one object
    const hash = createHash('sha256').update(ownerId).update('\0').update(image.data).digest('hex');
    const key = `${hash.slice(0, 32)}.${image.extension}`;
    const stored = await this.media.put({
      key,
      ownerId,
      contentType: image.contentType,
      data: image.data,
    });
    return {
      url: `${this.config.publicBaseUrl}${mediaPath(stored.key)}`,
      key: stored.key,
      contentType: stored.contentType,
      width: image.width,
      height: image.height,
      size: stored.size,
    };
  }

  get(key: string): Promise<StoredMedia | null> {
    return this.media.get(key);
  }

  /** a card's drawn preview image, kept until the card changes what it shows or goes */
  async storePreview(ownerId: string, key: string, png: Buffer): Promise<void> {
    await this.media.put({ key, ownerId, contentType: 'image/png', data: png });
  }

  /**
   * the card's avatar as a small JPEG in base64, for its contact file: only an image uploaded here.
   * an address pasted from elsewhere is never fetched by the server (it could point inside the
   * network); the contact file keeps that address instead.
   */
  async vcardPhoto(avatarUrl: string | null): Promise<string | null> {
    const key = mediaKeyOf(avatarUrl);
    if (!key) return null;
    const cached = this.vcardPhotos.get(key);
    if (cached) return cached;
    const media = await this.media.get(key);
    if (!media) return null;
    const jpeg = await this.images.jpegSquare(media.data, VCARD_PHOTO_SIZE);
    const base64 = jpeg.toString('base64');
    if (this.vcardPhotos.size >= VCARD_PHOTO_CACHE) {
      this.vcardPhotos.delete(this.vcardPhotos.keys().next().value as string);
    }
    this.vcardPhotos.set(key, base64);
    return base64;
  }

  /** the uploaded image of an address as a square PNG, for drawing; null when it is not one of ours */
  async pngOf(url: string | null, size: number): Promise<Buffer | null> {
    const key = mediaKeyOf(url);
    const media = key ? await this.media.get(key) : null;
    return media ? this.images.pngSquare(media.data, size) : null;
  }

  /**
   * removes the owner's images that none of the owner's cards uses: at once those a card has just let
   * go of (`released`: its addresses before a save, or a deleted card's) and drawn previews of an older
   * state of a card; other uploads once they are a day old, since a young one may be waiting for the
   * editor's save. `keepPreviews` are the keys of the previews the cards show now; `usedElsewhere`
   * reads the addresses the owner's teams show (a logo, a template's photo, a member's card).
   */
  async sweep(
    ownerId: string,
    cards: readonly ProfileRecord[],
    keepPreviews: readonly string[],
    released: readonly string[] = [],
    usedElsewhere: () => Promise<ReadonlyArray<string | null>> = async () => [],
  ): Promise<number> {
    const used = new Set(keepPreviews);
    for (const card of cards) {
      for (const url of [card.media.avatarUrl, card.media.bannerUrl, card.media.ogImageUrl]) {
        const key = mediaKeyOf(url);
        if (key) used.add(key);
      }
    }
    const releasedKeys = new Set(released.map(mediaKeyOf).filter((key): key is string => key !== null));
    const now = Date.now();
    let doomed = (await this.media.listByOwner(ownerId)).filter(
      (media) =>
        !used.has(media.key) &&
        (isPreview(media) ||
          releasedKeys.has(media.key) ||
          now - media.createdAt.getTime() >= UNSAVED_UPLOAD_GRACE_MS),
    );
    // what other cards show is read only when something would go: most sweeps have nothing to remove
    if (doomed.some((media) => !isPreview(media))) {
      const elsewhere = new Set((await usedElsewhere()).map(mediaKeyOf));
      doomed = doomed.filter((media) => isPreview(media) || !elsewhere.has(media.key));
    }
    for (const media of doomed) {
      await this.media.delete(media.key);
      this.vcardPhotos.delete(media.key);
    }
    if (doomed.length > 0) this.logger.debug(`removed ${doomed.length} unused image(s) of ${ownerId}`);
    return doomed.length;
  }

  /**
   * the images at these addresses that one user uploaded become another's: a team card changing
   * hands, or a team's logo and templates when the admin who uploaded them leaves, keep their images
   */
  async handOverImages(
    urls: ReadonlyArray<string | null>,
    fromOwner: string,
    toOwner: string,
  ): Promise<void> {
    const keys = urls.map(mediaKeyOf).filter((key): key is string => key !== null);
    if (keys.length > 0) await this.media.handOver(keys, fromOwner, toOwner);
  }

  /** every image of the owner: the account is going */
  async deleteAll(ownerId: string): Promise<void> {
    for (const media of await this.media.listByOwner(ownerId)) {
      await this.media.delete(media.key);
      this.vcardPhotos.delete(media.key);
    }
  }

  private async normalize(body: Buffer, kind: MediaKind) {
    try {
      return await this.images.normalize(body, kind, this.config.uploads.maxPixels);
    } catch (error) {
      if (error instanceof ImageRejectedError) {
        throw new BadInputError(
          error.reason === 'too-many-pixels'
            ? imageTooManyPixels(this.config.uploads.maxPixels)
            : NOT_AN_IMAGE,
        );
      }
      throw error;
    }
  }
}

function isPreview(media: MediaObject): boolean {
  return media.key.startsWith(PREVIEW_KEY_PREFIX);
}
