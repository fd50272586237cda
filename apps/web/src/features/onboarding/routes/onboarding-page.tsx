import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrowRight, PenLine, QrCode, Send, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** each step's icon, and its words' key in the profiles catalogue (onboarding.steps.*) */
const STEPS: { icon: LucideIcon; key: string }[] = [
  { icon: PenLine, key: 'create' },
  { icon: Send, key: 'publish' },
  { icon: QrCode, key: 'share' },
];

export function OnboardingPage() {
  const { t } = useTranslation('profiles', { keyPrefix: 'onboarding' });
  useDocumentTitle(t('documentTitle'));
  const { session } = useSession();
  const firstName = session?.displayName.trim().split(/\s+/)[0];
  return (
    <div className="mx-auto max-w-3xl py-4 sm:py-8">
      <div className="overflow-hidden rounded-2xl bg-linear-to-br from-indigo-600 via-violet-600 to-purple-700 px-6 py-10 text-white shadow-lg sm:px-10 sm:py-14">
        <p className="text-sm font-medium text-indigo-100">{t('eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
          {firstName ? t('titleNamed', { name: firstName }) : t('title')}
        </h1>
        <p className="mt-3 max-w-xl text-base text-indigo-50 sm:text-lg">{t('intro')}</p>
        <Button asChild size="lg" className="mt-8 bg-white text-indigo-700 shadow-md hover:bg-indigo-50">
          <Link to="/dashboard/profile/create">
            {t('start')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>

      <ol className="mt-8 grid gap-4 sm:grid-cols-3">
        {STEPS.map(({ icon: Icon, key }, index) => (
          <li key={key} className="rounded-(--radius-card) border border-border bg-surface p-5 shadow-xs">
            <div className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {t('step', { number: index + 1 })}
              </span>
            </div>
            <h2 className="mt-4 font-semibold">{t(`steps.${key}.title`)}</h2>
            <p className="mt-1 text-sm text-slate-600">{t(`steps.${key}.text`)}</p>
          </li>
        ))}
      </ol>
      <p className="mt-8 text-center text-sm text-muted-foreground">
        {t('lookAround')}{' '}
        <Link to="/dashboard/home" className="font-medium text-primary hover:underline">
          {t('dashboard')}
        </Link>
      </p>
    </div>
  );
}
