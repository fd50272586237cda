import type { TFunction } from 'i18next';
import english from './locales/en/card.json';

export const CARD_NAMESPACE = 'card';

/**
 * the API, the form's own rules and the blocks' hints speak the specification's English words: each
 * text the visitor may be shown that way, by its English, with its key in the card's catalogue
 */
export const CARD_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(english.errors).map(([key, text]) => [text, `errors.${key}`] as const),
  ...Object.entries(english.blocks).map(([key, text]) => [text, `blocks.${key}`] as const),
]);

/** a visitor-facing message the API or the form's rules gave in English, in the translator's language */
export function translateCardMessage(t: TFunction, message: string): string {
  const key = CARD_MESSAGE_KEYS.get(message);
  return key ? t(key, { ns: CARD_NAMESPACE }) : message;
}
