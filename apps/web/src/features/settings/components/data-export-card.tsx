import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Download, Loader2, PackageOpen } from 'lucide-react';
import type { AccountExportResponse } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { buildUrl, normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAccountExport, useStartAccountExport } from '../api/account-export';

/** the e-mailed link's address leads here: /dashboard/settings#data-export */
const SECTION_ID = 'data-export';
const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en', { dateStyle: 'long' });

function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** the state's icon and words, read out when they change */
function StatusLine({ current, email }: { current: AccountExportResponse | null; email: string }) {
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
        'Preparing your data…',
        `We will e-mail ${email} when it is ready. You can leave this page.`,
      );
    case 'ready':
      return line(
        <CircleCheck className={`${iconClass} text-emerald-700`} aria-hidden="true" />,
        'Your data is ready',
        `Prepared ${dateTime.format(new Date(current.finishedAtUtc ?? current.requestedAtUtc))} ` +
          `(${sizeText(current.sizeBytes)}). Available until ${day.format(new Date(current.expiresAtUtc))}.`,
      );
    case 'failed':
      return line(
        <CircleAlert className={`${iconClass} text-destructive`} aria-hidden="true" />,
        'We could not prepare your data',
        'Nothing in your account was changed. Please try again.',
      );
    default:
      return line(
        <PackageOpen className={`${iconClass} text-muted-foreground`} aria-hidden="true" />,
        'No copy prepared yet',
        `It can take a few minutes for a large account. We will e-mail ${email} when it is ready.`,
      );
  }
}

/** "Download my data": a copy of the account, made in the background, kept for a week */
export function DataExportCard() {
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
          title: 'Could not start preparing your data',
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
        <CardTitle id="data-export-title">Download my data</CardTitle>
        <CardDescription>
          A copy of your account, your cards and their photos, the messages visitors left and your analytics,
          in one zip file.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {state.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : state.isError ? (
          <p className="text-sm text-destructive">Failed to load your data export. Please try again later.</p>
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div role="status" className="min-w-0">
              <StatusLine current={current} email={session?.email ?? 'you'} />
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:shrink-0">
              {current?.status === 'ready' && current.downloadPath ? (
                <Button asChild>
                  <a href={buildUrl(current.downloadPath)} download>
                    <Download aria-hidden="true" />
                    Download ({sizeText(current.sizeBytes)})
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
                    ? 'Try again'
                    : current?.status === 'ready'
                      ? 'Prepare a new copy'
                      : 'Prepare my data'}
                </Button>
              ) : null}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
