import type { TFunction } from 'i18next';
import { keysByEnglish, sayInLanguage } from './english-messages';
import english from './locales/en/card.json';

export const CARD_NAMESPACE = 'card';

/**
 * the API, the form's own rules and the blocks' hints speak the specification's English words: each
 * text the visitor may be shown that way, by its English, with its key in the card's catalogue
 */
export const CARD_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  ...keysByEnglish(english.errors, 'errors'),
  ...keysByEnglish(english.blocks, 'blocks'),
]);

/** a visitor-facing message the API or the form's rules gave in English, in the translator's language */
export function translateCardMessage(t: TFunction, message: string): string {
  return sayInLanguage(t, CARD_MESSAGE_KEYS, message, CARD_NAMESPACE);
}
