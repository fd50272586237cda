import { useTranslation } from 'react-i18next';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Sparkles } from 'lucide-react';
import { LAYOUTS, normalizeLayout, normalizeTheme, THEMES } from '@cardcraft/contracts/themes';
import { cn } from '@/lib/utils';
import type { CardTheme } from '@/components/public-card/components/card-theme';
import { MessageForm } from '@/components/public-card/components/message-form';
import { ProfileCard } from '@/components/public-card/components/profile-card';
import { DEMO_PROFILE } from '@/components/public-card/data/demo-profile';
import { describeCard, usePageMeta } from '@/components/public-card/hooks/use-page-meta';
import { shareTitle } from '@/components/public-card/lib/card-actions';

function Picker({
  label,
  name,
  options,
  value,
  onChange,
  theme,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string; description: string }[];
  value: string;
  onChange: (value: string) => void;
  theme: CardTheme;
}) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden="true" className={cn('hidden text-xs font-medium md:inline', theme.subtle)}>
        {label}
      </span>
      <div className={cn('flex gap-0.5 p-0.5', theme.chip)}>
        {options.map((option) => (
          <label key={option.value} className="relative" title={option.description}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'block cursor-pointer px-2.5 py-1 text-xs font-medium transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-(--color-ring)',
                theme.name === 'noir' ? 'rounded-none' : 'rounded-full',
                value === option.value
                  ? theme.name === 'aurora'
                    ? 'bg-white text-slate-950'
                    : theme.name === 'noir'
                      ? 'bg-black text-white'
                      : 'bg-orange-700 text-white'
                  : 'opacity-80 hover:opacity-100',
              )}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** /demo: the public card with sample data, in the guest view; messages are not sent */
export function DemoPage() {
  const [params, setParams] = useSearchParams();
  const theme = normalizeTheme(params.get('theme'));
  const layout = normalizeLayout(params.get('layout'));
  const profile = useMemo(() => ({ ...DEMO_PROFILE, theme, layout }), [theme, layout]);
  const noTracking = useCallback(() => undefined, []);

  const { t: card } = useTranslation('card');
  const { t } = useTranslation('profiles');
  usePageMeta(t('demo.title', { title: shareTitle(profile.displayName, card) }), describeCard(profile, card));
  // the themes and layouts keep their names; what each looks like is said in the page's language
  const themes = THEMES.map((option) => ({ ...option, description: t(`demo.themes.${option.value}`) }));
  const layouts = LAYOUTS.map((option) => ({ ...option, description: t(`demo.layouts.${option.value}`) }));

  const choose = (key: 'theme' | 'layout', value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <ProfileCard
      profile={profile}
      viewer="guest"
      profileUrl={window.location.href}
      track={noTracking}
      notice={(cardTheme) => (
        <div className={cn('border-b px-4 py-2.5', cardTheme.divider, cardTheme.dock, 'static')}>
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p className={cn('inline-flex items-center gap-2 text-sm', cardTheme.muted)}>
              <Sparkles className="size-4 shrink-0" aria-hidden="true" />
              <span>
                {t('demo.notice')}{' '}
                <Link to="/auth/register" className={cn('font-medium', cardTheme.link)}>
                  {t('demo.createFree')}
                </Link>
              </span>
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <Picker
                label={t('demo.theme')}
                name="demo-theme"
                options={themes}
                value={theme}
                onChange={(v) => choose('theme', v)}
                theme={cardTheme}
              />
              <Picker
                label={t('demo.layout')}
                name="demo-layout"
                options={layouts}
                value={layout}
                onChange={(v) => choose('layout', v)}
                theme={cardTheme}
              />
            </div>
          </div>
        </div>
      )}
      message={(cardTheme, className) => <MessageForm theme={cardTheme} className={className} />}
    />
  );
}
