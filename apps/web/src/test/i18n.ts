// every spec renders with the app's translations, in English, as a browser with no other language would
import { startAppTranslations } from '@/i18n/app-translations';

startAppTranslations('en');
