import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isLanguage,
  languageOfTag,
  type Language,
} from '@cardcraft/contracts/languages';
import { safeStorage } from '@/lib/storage';
import { ENGLISH_CATALOGUES, NAMESPACES } from './english-catalogues';

const LANGUAGE_KEY = 'cardcraft.language';

/** the language the owner picked on this device, else the browser's first one spoken here */
export function preferredLanguage(): Language {
  const stored = safeStorage()?.getItem(LANGUAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of browser) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** the app's i18next, English bundled (no wait, no flash), every other language loaded on first use */
export function startAppTranslations(language: Language = preferredLanguage()) {
  if (i18next.isInitialized) return i18next;
  void i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend(
        (lng: string, ns: string) =>
          import(`./locales/${lng}/${ns}.json`) as Promise<Record<string, unknown>>,
      ),
    )
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: NAMESPACES,
      defaultNS: 'common',
      resources: { en: ENGLISH_CATALOGUES },
      partialBundledLanguages: true,
      // English is bundled: ready as this returns; another language suspends the screen until it loads
      initAsync: false,
      interpolation: { escapeValue: false },
    });
  return i18next;
}

/** the owner's choice of language for this device's dashboard: kept, and applied at once */
export async function chooseLanguage(language: Language): Promise<void> {
  safeStorage()?.setItem(LANGUAGE_KEY, language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
