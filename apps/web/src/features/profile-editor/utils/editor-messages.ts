import type { TFunction } from 'i18next';
import { keysByEnglish, sayInLanguage } from '@/i18n/english-messages';
import english from '@/i18n/locales/en/editor.json';
import type { FieldErrors } from './profile-fields';

/**
 * the card's rules speak the specification's English words, the same in the form's own checks and in
 * the server's answers: each of them by its English, with its key in the editor's catalogue
 */
export const EDITOR_MESSAGE_KEYS = keysByEnglish(english.errors, 'errors');

/** a rule's English message in the editor's language; any other message (the server's own) as it came */
export function translateEditorMessage(t: TFunction, message: string): string {
  return sayInLanguage(t, EDITOR_MESSAGE_KEYS, message, 'editor');
}

/** each field's message in the editor's language */
export function translateFieldErrors(t: TFunction, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path, translateEditorMessage(t, message)]),
  );
}
