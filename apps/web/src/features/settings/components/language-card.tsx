import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@cardcraft/contracts/languages';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldBase } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { chooseLanguage } from '@/i18n/app-translations';
import { useLanguage } from '@/i18n/use-language';
import { cn } from '@/lib/utils';

/**
 * the dashboard's language on this device: the browser's until one is chosen here. the choice is kept
 * in this browser (not on the account) and the whole dashboard speaks it at once
 */
export function LanguageCard() {
  const { t, i18n } = useTranslation('settings');
  const language = useLanguage();
  const selectId = useId();
  const [changing, setChanging] = useState(false);

  const choose = async (value: string) => {
    if (!isLanguage(value)) return;
    setChanging(true);
    try {
      await chooseLanguage(value);
    } finally {
      setChanging(false);
    }
    // said in the language just chosen
    toast({ title: i18n.getFixedT(value, 'settings')('language.saved'), variant: 'success' });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('language.title')}</CardTitle>
        <CardDescription>{t('language.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-1.5">
        <label htmlFor={selectId} className="text-sm font-medium">
          {t('language.label')}
        </label>
        <select
          id={selectId}
          className={cn(fieldBase, 'h-10 sm:max-w-xs')}
          value={language}
          disabled={changing}
          onChange={(event) => void choose(event.target.value)}
        >
          {LANGUAGES.map((option) => (
            // each language by its own name, marked as such for screen readers
            <option key={option} value={option} lang={option}>
              {LANGUAGE_NAMES[option]}
            </option>
          ))}
        </select>
      </CardContent>
    </Card>
  );
}
