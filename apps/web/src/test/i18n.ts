// every spec renders with the app's translations, in English, as a browser with no other language would
import i18next from 'i18next';
import { startAppTranslations } from '@/i18n/app-translations';

startAppTranslations('en');

afterEach(async () => {
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});
