import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface SpinnerProps {
  className?: string;
  /** read by screen readers; shown next to the spinner when `showLabel` */
  label?: string;
  showLabel?: boolean;
}

// a spinner is what shows while a language loads: it never waits for one (English until it has come)
const NO_WAIT = { useSuspense: false } as const;

export function Spinner({ className, label, showLabel = false }: SpinnerProps) {
  const { t } = useTranslation('common', NO_WAIT);
  const text = label ?? t('status.loading');
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-muted-foreground">
      <Loader2 className={cn('size-4 animate-spin', className)} aria-hidden="true" />
      {showLabel ? <span>{text}</span> : <span className="sr-only">{text}</span>}
    </span>
  );
}

/** a centred spinner with its text, for a whole page or section */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={label} showLabel className="size-5 text-primary" />
    </div>
  );
}
