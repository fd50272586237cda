import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, languageOfTag, type Language } from '@cardcraft/contracts/languages';

/** the language the screen speaks: for Intl's dates and numbers, which follow it */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return languageOfTag(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}
