import { useTranslation } from 'react-i18next';
import type { CardCatalogue } from '@/i18n/card-catalogues';
import { Lock, SearchX } from 'lucide-react';
import { cn } from '@/lib/utils';

type CardStateKey = keyof CardCatalogue['state'];

export type ProfileStateKind = 'invalid-handle' | 'not-found' | 'private';

const STATES: Record<
  ProfileStateKind,
  { title: CardStateKey; text: CardStateKey; icon: typeof Lock; home: boolean }
> = {
  'invalid-handle': {
    title: 'invalidTitle',
    text: 'invalidText',
    icon: SearchX,
    home: true,
  },
  'not-found': {
    title: 'notFoundTitle',
    text: 'notFoundText',
    icon: SearchX,
    home: true,
  },
  private: {
    title: 'privateTitle',
    text: 'privateText',
    icon: Lock,
    home: true,
  },
};

/** the public page's dead ends; plain links, as the page is rendered on the server */
export function ProfileState({ kind }: { kind: ProfileStateKind }) {
  const { t } = useTranslation('card');
  const { title, text, icon: Icon, home } = STATES[kind];
  return (
    <main className="relative isolate flex min-h-dvh items-center justify-center overflow-hidden bg-slate-950 px-6 py-16 text-white">
      <div
        className="pointer-events-none absolute inset-0 -z-10"
        style={{
          backgroundImage:
            'radial-gradient(36rem 24rem at 50% 0%, rgba(99,102,241,0.35), transparent 70%), radial-gradient(30rem 20rem at 80% 100%, rgba(217,70,239,0.2), transparent 70%)',
        }}
        aria-hidden="true"
      />
      <div className="w-full max-w-md rounded-3xl border border-white/10 bg-white/[0.04] p-8 text-center shadow-2xl backdrop-blur">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-white/10 text-indigo-200">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight">{t(`state.${title}`)}</h1>
        <p className="mt-2 text-[15px] leading-relaxed text-slate-300">{t(`state.${text}`)}</p>
        {home ? (
          <div className="mt-7 flex flex-col justify-center gap-2 sm:flex-row">
            <a
              href="/"
              className={cn(
                'inline-flex h-11 items-center justify-center rounded-full bg-white px-6 text-sm font-semibold text-slate-950 transition hover:bg-indigo-100',
              )}
            >
              {t('state.home')}
            </a>
            <a
              href="/auth/register"
              className="inline-flex h-11 items-center justify-center rounded-full border border-white/20 px-6 text-sm font-medium text-white transition hover:bg-white/10"
            >
              {t('state.create')}
            </a>
          </div>
        ) : null}
      </div>
    </main>
  );
}
