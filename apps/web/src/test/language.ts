import i18next from 'i18next';
import type { Language } from '@cardcraft/contracts/languages';
import { NAMESPACES } from '@/i18n/english-catalogues';

/** the app speaks this language from here on, every namespace loaded (each spec ends in English again) */
export async function speak(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  await i18next.loadNamespaces(NAMESPACES);
}
