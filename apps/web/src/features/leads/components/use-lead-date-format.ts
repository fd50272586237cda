import { useMemo } from 'react';
import { useLanguage } from '@/i18n/use-language';

/** when a lead came or changed, the screen's language's way: "Mar 2, 2026, 10:00 AM" in English */
export function useLeadDateFormat(): Intl.DateTimeFormat {
  const language = useLanguage();
  return useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    [language],
  );
}
