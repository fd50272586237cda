import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface SpinnerProps {
  className?: string;
  /** read by screen readers; shown next to the spinner when `showLabel` */
  label?: string;
  showLabel?: boolean;
}

export function Spinner({ className, label = 'Loading...', showLabel = false }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-muted-foreground">
      <Loader2 className={cn('size-4 animate-spin', className)} aria-hidden="true" />
      {showLabel ? <span>{label}</span> : <span className="sr-only">{label}</span>}
    </span>
  );
}

/** a centred spinner with its text, for a whole page or section */
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={label} showLabel className="size-5 text-primary" />
    </div>
  );
}
