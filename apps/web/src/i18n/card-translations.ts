import type { i18n } from 'i18next';
import { LANGUAGES, type Language } from '@cardcraft/contracts/languages';
import { CARD_CATALOGUES, ENGLISH_CARD_CATALOGUE } from './card-catalogues';
import { CARD_MESSAGE_KEYS, CARD_NAMESPACE } from './card-messages';
import { translatorFor } from './translator';

const kept = new Map<Language, i18n>();

// the server's side of the card's words: every language bundled (see card-catalogues.ts)

/** the card page's translator for a language: one per language for the process, made on first use */
export function cardTranslator(language: Language): i18n {
  let translator = kept.get(language);
  if (!translator) {
    translator = translatorFor(
      language,
      Object.fromEntries(LANGUAGES.map((lng) => [lng, { [CARD_NAMESPACE]: CARD_CATALOGUES[lng] }])),
    );
    kept.set(language, translator);
  }
  return translator;
}

/** what the card's script says, in the page's language: read by it from the page (#card-texts) */
export interface CardScriptTexts {
  sent: string;
  failed: string;
  cardSent: string;
  cardNotSent: string;
  questionsChanged: string;
  toasts: Record<keyof typeof ENGLISH_CARD_CATALOGUE.toasts, string>;
  /** each English message of the form, translated */
  errors: Record<string, string>;
}

export function cardScriptTexts(language: Language): CardScriptTexts {
  const t = cardTranslator(language).getFixedT(language, CARD_NAMESPACE);
  const toastKeys = Object.keys(ENGLISH_CARD_CATALOGUE.toasts) as (keyof CardScriptTexts['toasts'])[];
  return {
    sent: t('form.sent'),
    failed: t('form.failed'),
    cardSent: t('form.cardSent'),
    cardNotSent: t('form.cardNotSent'),
    questionsChanged: t('form.questionsChanged'),
    toasts: Object.fromEntries(
      toastKeys.map((key) => [key, t(`toasts.${key}`)]),
    ) as CardScriptTexts['toasts'],
    errors: Object.fromEntries([...CARD_MESSAGE_KEYS].map(([english, key]) => [english, t(key)])),
  };
}
