import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-error';

/** what the owner reads when a read failed: the server's word for an outage, else the generic text */
export function loadErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 503 && error.message) return error.message;
  return t('load.failed', { ns: 'analytics' });
}

/** a failed analytics read, with a Retry that asks again */
export function AnalyticsLoadError({
  error,
  onRetry,
  retrying,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  className?: string;
}) {
  const { t } = useTranslation('analytics');
  return (
    <ErrorAlert className={className}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p>{loadErrorMessage(error, t)}</p>
        <Button
          variant="outline"
          size="sm"
          onClick={onRetry}
          disabled={retrying}
          className="self-start bg-background sm:self-auto"
        >
          <RefreshCw className={retrying ? 'animate-spin' : undefined} aria-hidden="true" />
          {t('load.retry')}
        </Button>
      </div>
    </ErrorAlert>
  );
}
