import type { TFunction } from 'i18next';
import { keysByEnglish, sayInLanguage } from '@/i18n/english-messages';
import english from '@/i18n/locales/en/common.json';

/**
 * the contracts' validation messages a form shows under a field (the DTOs' English, the same the API
 * gives): each by its English, with its key in the common catalogue
 */
export const FORM_MESSAGE_KEYS = keysByEnglish(english.validation, 'validation');

/** a field's message in the screen's language when it is one of the catalogue's, else as it came */
export function translateFormMessage(t: TFunction, message: string): string {
  return sayInLanguage(t, FORM_MESSAGE_KEYS, message, 'common');
}
