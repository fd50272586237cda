// the card page's words in every language, bundled: the server renders any of them without waiting.
// each file is a translator's: apps/web/src/i18n/locales/{language}/card.json
import type { Language } from '@cardcraft/contracts/languages';
import de from './locales/de/card.json';
import en from './locales/en/card.json';
import es from './locales/es/card.json';
import fr from './locales/fr/card.json';
import it from './locales/it/card.json';
import ja from './locales/ja/card.json';
import nl from './locales/nl/card.json';
import pl from './locales/pl/card.json';
import pt from './locales/pt/card.json';
import tr from './locales/tr/card.json';

/** the English catalogue's shape: every language must have each of its keys */
export type CardCatalogue = typeof en;

export const CARD_CATALOGUES: Record<Language, CardCatalogue> = { en, es, fr, de, pt, it, nl, pl, tr, ja };

export { en as ENGLISH_CARD_CATALOGUE };
