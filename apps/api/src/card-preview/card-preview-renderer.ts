import type { Theme } from '@cardcraft/contracts';

/** what the preview image shows, already read from the card */
export interface CardPreviewModel {
  displayName: string;
  tagline: string | null;
  company: string | null;
  /** the card's address without the scheme, as it is read aloud: cards.example.com/u/ada */
  address: string;
  theme: Theme;
  /** the uploaded avatar as a square PNG; null draws the name's initials */
  avatarPng: Buffer | null;
  initials: string;
}

/** draws a card's preview image (1200×630 PNG); the satori adapter implements it */
export interface CardPreviewRenderer {
  render(model: CardPreviewModel): Promise<Buffer>;
}

export const CARD_PREVIEW_RENDERER = Symbol('CARD_PREVIEW_RENDERER');
