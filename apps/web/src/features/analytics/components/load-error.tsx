import { RefreshCw } from 'lucide-react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-error';

export const LOAD_FAILURE = 'Failed to load analytics data. Please try refreshing.';

/** what the owner reads when a read failed: the server's word for an outage, else the generic text */
export function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 503 && error.message) return error.message;
  return LOAD_FAILURE;
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
  return (
    <ErrorAlert className={className}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p>{loadErrorMessage(error)}</p>
        <Button
          variant="outline"
          size="sm"
          onClick={onRetry}
          disabled={retrying}
          className="self-start bg-background sm:self-auto"
        >
          <RefreshCw className={retrying ? 'animate-spin' : undefined} aria-hidden="true" />
          Retry
        </Button>
      </div>
    </ErrorAlert>
  );
}
