import { Inject, Injectable } from '@nestjs/common';
import { cardPreviewVersion, nameWords, normalizeTheme } from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { MediaService, previewStoreKey } from '../media/media.service';
import {
  CARD_PREVIEW_RENDERER,
  type CardPreviewModel,
  type CardPreviewRenderer,
} from './card-preview-renderer';

/** drawn previews kept in memory, newest used last (about 60 KB each) */
const MEMORY_ENTRIES = 100;
const AVATAR_PIXELS = 280;

/** the first letters of the name's first and last words: "Ada King Lovelace" → AL */
export function initialsOf(displayName: string, handle: string): string {
  const words = nameWords(displayName);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  const initials = letters.map((word) => [...word][0]?.toLocaleUpperCase() ?? '').join('');
  return initials || ([...handle][0] ?? '?').toLocaleUpperCase();
}

/**
 * the preview image of a card that has no social preview image of its own: drawn once per version of
 * what it shows (name, title, company, avatar, theme), then kept in memory and in the store, so a
 * restart or another replica does not draw it again. a change of the card is a new version.
 */
@Injectable()
export class CardPreviewService {
  private readonly memory = new Map<string, Buffer>();
  private readonly drawing = new Map<string, Promise<Buffer>>();

  constructor(
    @Inject(CARD_PREVIEW_RENDERER) private readonly renderer: CardPreviewRenderer,
    private readonly media: MediaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** the card's current preview version (its address's ?v=) */
  version(card: ProfileRecord): string {
    return cardPreviewVersion(card);
  }

  async png(card: ProfileRecord): Promise<Buffer> {
    const key = previewStoreKey(card);
    const remembered = this.memory.get(key);
    if (remembered) {
      // a hit moves to the end: the first entry is the least recently used
      this.memory.delete(key);
      this.memory.set(key, remembered);
      return remembered;
    }
    let pending = this.drawing.get(key);
    if (!pending) {
      pending = this.load(card, key).finally(() => this.drawing.delete(key));
      this.drawing.set(key, pending);
    }
    const png = await pending;
    this.remember(key, png);
    return png;
  }

  private async load(card: ProfileRecord, key: string): Promise<Buffer> {
    const stored = await this.media.get(key);
    if (stored) return stored.data;
    const png = await this.renderer.render(await this.model(card));
    await this.media.storePreview(card.ownerId, key, png);
    return png;
  }

  private async model(card: ProfileRecord): Promise<CardPreviewModel> {
    const base = this.config.publicBaseUrl.replace(/^https?:\/\//, '');
    return {
      displayName: card.displayName.trim() || card.handle,
      tagline: card.tagline?.trim() || null,
      company: card.contact.company?.trim() || null,
      address: `${base}/u/${card.handle}`,
      theme: normalizeTheme(card.theme),
      avatarPng: await this.media.pngOf(card.media.avatarUrl, AVATAR_PIXELS),
      initials: initialsOf(card.displayName, card.handle),
    };
  }

  private remember(key: string, png: Buffer): void {
    this.memory.delete(key);
    this.memory.set(key, png);
    while (this.memory.size > MEMORY_ENTRIES) this.memory.delete(this.memory.keys().next().value as string);
  }
}
