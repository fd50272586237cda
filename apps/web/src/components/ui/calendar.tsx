import { useEffect, useState, type ComponentProps } from 'react';
import { DayPicker, type ChevronProps, type Locale } from 'react-day-picker';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Language } from '@cardcraft/contracts/languages';
import { useLanguage } from '@/i18n/use-language';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';

// the month and day names, the first day of the week and the buttons' names of each language but English
// (the day picker's own): each loaded the first time a calendar is shown in it
const LOCALES: Record<Exclude<Language, 'en'>, () => Promise<Locale>> = {
  es: () => import('react-day-picker/locale/es').then((m) => m.es),
  fr: () => import('react-day-picker/locale/fr').then((m) => m.fr),
  de: () => import('react-day-picker/locale/de').then((m) => m.de),
  pt: () => import('react-day-picker/locale/pt-BR').then((m) => m.ptBR),
  it: () => import('react-day-picker/locale/it').then((m) => m.it),
  nl: () => import('react-day-picker/locale/nl').then((m) => m.nl),
  pl: () => import('react-day-picker/locale/pl').then((m) => m.pl),
  tr: () => import('react-day-picker/locale/tr').then((m) => m.tr),
  ja: () => import('react-day-picker/locale/ja').then((m) => m.ja),
};
const loaded = new Map<Language, Locale>();

/** the day picker's locale for the screen's language: English's (the default) until another has loaded */
function useDayPickerLocale(): Locale | undefined {
  const language = useLanguage();
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (language === 'en' || loaded.has(language)) return;
    let current = true;
    void LOCALES[language]().then((locale) => {
      loaded.set(language, locale);
      if (current) setLoaded((count) => count + 1);
    });
    return () => {
      current = false;
    };
  }, [language]);
  return loaded.get(language);
}

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon className={cn('size-4', className)} aria-hidden="true" />;
}

/**
 * a month grid to pick days (react-day-picker), in the app's look. the grid is keyboard driven: the
 * arrow keys move a day or a week, Page Up and Down a month, Enter or Space picks
 */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  ...props
}: ComponentProps<typeof DayPicker>) {
  const locale = useDayPickerLocale();
  return (
    <DayPicker
      locale={locale}
      showOutsideDays={showOutsideDays}
      className={cn('text-sm', className)}
      classNames={{
        months: 'relative flex flex-col gap-4 sm:flex-row',
        month: 'space-y-3',
        month_caption: 'flex h-9 items-center justify-center font-medium',
        caption_label: 'text-sm font-medium',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(buttonVariants({ variant: 'outline', size: 'icon-sm' }), 'z-10'),
        button_next: cn(buttonVariants({ variant: 'outline', size: 'icon-sm' }), 'z-10'),
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-9 text-center text-xs font-normal text-slate-600',
        week: 'mt-1 flex w-full',
        day: 'relative size-9 p-0 text-center',
        day_button:
          'inline-flex size-9 items-center justify-center rounded-md tabular-nums hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:pointer-events-none',
        selected:
          '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover',
        range_start: 'rounded-l-md bg-primary/15',
        range_end: 'rounded-r-md bg-primary/15',
        range_middle:
          'bg-primary/15 [&>button]:!bg-transparent [&>button]:!text-foreground [&>button]:hover:!bg-muted',
        today: '[&>button]:font-semibold [&>button]:underline [&>button]:underline-offset-4',
        outside: 'text-slate-500',
        disabled: 'text-slate-400 [&>button]:cursor-not-allowed',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{ Chevron }}
      {...props}
    />
  );
}
