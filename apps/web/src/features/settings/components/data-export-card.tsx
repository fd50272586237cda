import { useEffect, useRef, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Download, Loader2, PackageOpen } from 'lucide-react';
import type { AccountExportResponse } from '@cardcraft/contracts';
import type { Language } from '@cardcraft/contracts/languages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n/use-language';
import { buildUrl, normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAccountExport, useStartAccountExport } from '../api/account-export';

/** the e-mailed link's address leads here: /dashboard/settings#data-export */
const SECTION_ID = 'data-export';

/** the zip's size in the language's digits: bytes, whole KB, or MB to a tenth */
function sizeText(t: TFunction, language: Language, bytes: number | null): string {
  if (bytes === null) return '';
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(language, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    }).format(value);
  if (bytes < 1024) return t('export.bytes', { size: number(bytes) });
  if (bytes < 1024 * 1024) return t('export.kilobytes', { size: number(Math.ceil(bytes / 1024)) });
  return t('export.megabytes', { size: number(bytes / (1024 * 1024), 1) });
}

/** the state's icon and words, read out when they change */
function StatusLine({ current, email }: { current: AccountExportResponse | null; email: string | null }) {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
  const mailed = (key: string) => (email ? t(key, { email }) : t(`${key}You`));
  const line = (icon: ReactNode, title: string, detail: string) => (
    <div className="flex min-w-0 items-start gap-3">
      {icon}
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{detail}</p>
      </div>
    </div>
  );
  const iconClass = 'mt-0.5 size-5 shrink-0';
  switch (current?.status) {
    case 'preparing':
      return line(
        <Loader2 className={`${iconClass} animate-spin text-primary`} aria-hidden="true" />,
        t('export.preparingTitle'),
        mailed('export.preparingText'),
      );
    case 'ready':
      return line(
        <CircleCheck className={`${iconClass} text-emerald-700`} aria-hidden="true" />,
        t('export.readyTitle'),
        t('export.readyText', {
          prepared: dateTime.format(new Date(current.finishedAtUtc ?? current.requestedAtUtc)),
          size: sizeText(t, language, current.sizeBytes),
          until: day.format(new Date(current.expiresAtUtc)),
        }),
      );
    case 'failed':
      return line(
        <CircleAlert className={`${iconClass} text-destructive`} aria-hidden="true" />,
        t('export.failedTitle'),
        t('export.failedText'),
      );
    default:
      return line(
        <PackageOpen className={`${iconClass} text-muted-foreground`} aria-hidden="true" />,
        t('export.noneTitle'),
        mailed('export.noneText'),
      );
  }
}

/** "Download my data": a copy of the account, made in the background, kept for a week */
export function DataExportCard() {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const { session } = useSession();
  const state = useAccountExport();
  const start = useStartAccountExport();
  const queryClient = useQueryClient();
  const section = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const current = state.data?.export ?? null;

  // opened from the e-mail: the section is brought into view once its state is known
  useEffect(() => {
    if (hash === `#${SECTION_ID}` && state.isSuccess) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, state.isSuccess]);

  const prepare = () =>
    start.mutate(undefined, {
      onError: (error) => {
        toast({
          title: t('export.startFailed'),
          description: normalizeError(error).message,
          variant: 'destructive',
        });
        // already being prepared (another tab, say): show that
        void queryClient.invalidateQueries({ queryKey: ['account', 'export'] });
      },
    });
  const busy = start.isPending || current?.status === 'preparing';

  return (
    <Card
      ref={section}
      id={SECTION_ID}
      role="region"
      className="scroll-mt-20"
      aria-labelledby="data-export-title"
    >
      <CardHeader>
        <CardTitle id="data-export-title">{t('export.title')}</CardTitle>
        <CardDescription>{t('export.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {state.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : state.isError ? (
          <p className="text-sm text-destructive">{t('export.loadFailed')}</p>
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div role="status" className="min-w-0">
              <StatusLine current={current} email={session?.email ?? null} />
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:shrink-0">
              {current?.status === 'ready' && current.downloadPath ? (
                <Button asChild>
                  <a href={buildUrl(current.downloadPath)} download>
                    <Download aria-hidden="true" />
                    {t('export.download', { size: sizeText(t, language, current.sizeBytes) })}
                  </a>
                </Button>
              ) : null}
              {current?.status !== 'preparing' ? (
                <Button
                  variant={current?.status === 'ready' ? 'outline' : 'default'}
                  disabled={busy}
                  onClick={prepare}
                >
                  {current?.status === 'failed'
                    ? t('export.tryAgain')
                    : current?.status === 'ready'
                      ? t('export.prepareNew')
                      : t('export.prepare')}
                </Button>
              ) : null}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
