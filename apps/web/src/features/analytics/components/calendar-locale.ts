import { useEffect, useState } from 'react';
import type { DayPickerLocale } from 'react-day-picker/locale';
import type { Language } from '@cardcraft/contracts/languages';

// the calendar's months, weekdays and labels in each language, loaded when it is first spoken: only
// the owner's language reaches the browser. English is the calendar's own
const LOADERS: Partial<Record<Language, () => Promise<DayPickerLocale>>> = {
  de: () => import('react-day-picker/locale/de').then((module) => module.de),
  es: () => import('react-day-picker/locale/es').then((module) => module.es),
  fr: () => import('react-day-picker/locale/fr').then((module) => module.fr),
  it: () => import('react-day-picker/locale/it').then((module) => module.it),
  ja: () => import('react-day-picker/locale/ja').then((module) => module.ja),
  nl: () => import('react-day-picker/locale/nl').then((module) => module.nl),
  pl: () => import('react-day-picker/locale/pl').then((module) => module.pl),
  pt: () => import('react-day-picker/locale/pt').then((module) => module.pt),
  tr: () => import('react-day-picker/locale/tr').then((module) => module.tr),
};

/** the calendar's locale for a language: undefined (English) until it has loaded, and for English */
export function useCalendarLocale(language: Language): DayPickerLocale | undefined {
  const [loaded, setLoaded] = useState<{ language: Language; locale: DayPickerLocale } | null>(null);
  useEffect(() => {
    const load = LOADERS[language];
    if (!load) return;
    let current = true;
    void load().then((locale) => {
      if (current) setLoaded({ language, locale });
    });
    return () => {
      current = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.locale : undefined;
}
