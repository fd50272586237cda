// the languages the product speaks, and how a request's language is chosen: dependency-free, so the
// API (the card page), the dashboard and the card's own script can share it

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'pl', 'tr', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** the specification's texts are English: what is said when nothing else fits */
export const DEFAULT_LANGUAGE: Language = 'en';

/** each language by its own name, as a picker shows it */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  tr: 'Türkçe',
  ja: '日本語',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** the language a BCP 47 tag names, by its primary subtag ('pt-BR' is Portuguese); null when not spoken here */
export function languageOfTag(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return isLanguage(primary) ? primary : null;
}

// an Accept-Language header is short; a longer one is cut rather than parsed at length
const ACCEPT_LANGUAGE_MAX = 512;

/**
 * the best language of an Accept-Language header (RFC 9110: tags with q-values, '*' for any): the
 * highest q spoken here, the header's order breaking ties; the default when none is, or with no header
 */
export function negotiateLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  let best: Language = DEFAULT_LANGUAGE;
  let bestQuality = 0;
  for (const entry of acceptLanguage.slice(0, ACCEPT_LANGUAGE_MAX).split(',')) {
    const [tag = '', ...parameters] = entry.split(';');
    let quality = 1;
    for (const parameter of parameters) {
      const [name, value] = parameter.split('=').map((part) => part.trim());
      if (name === 'q') quality = Number(value);
    }
    if (!(quality > 0 && quality <= 1)) continue;
    const language = tag.trim() === '*' ? DEFAULT_LANGUAGE : languageOfTag(tag);
    if (language && quality > bestQuality) {
      best = language;
      bestQuality = quality;
    }
  }
  return best;
}
