import i18next, { type i18n, type Resource } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '@cardcraft/contracts/languages';

/**
 * an i18next instance for one language, its catalogues given: ready when this returns (no backend,
 * nothing awaited), English the fallback for a key a catalogue lacks. React escapes what it renders,
 * so i18next does not escape again.
 */
export function translatorFor(language: Language, resources: Resource): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: Object.keys(resources),
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
