import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFilterKey } from '@cardcraft/contracts';
import { cn } from '@/lib/utils';
import { filterActionPrefix } from '../utils/filter-labels';

/** what a widget's rows need to add a filter; absent: the rows are plain text */
export interface FilterTarget {
  onFilter: (key: AnalyticsFilterKey, value: string) => void;
}

/**
 * a widget's row: a real button that adds the row's filter when the board can filter (Enter or
 * Space, a focus ring, heard as "Filter by country: Germany 3"), a plain block otherwise or for a value that
 * cannot be a filter (the empty referrer: Direct)
 */
export function FilterRow({
  filterKey,
  value,
  target,
  className,
  children,
}: {
  filterKey: AnalyticsFilterKey;
  value: string;
  target?: FilterTarget;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('analytics');
  if (!target || value === '') return <div className={className}>{children}</div>;
  return (
    <button
      type="button"
      onClick={() => target.onFilter(filterKey, value)}
      className={cn(
        '-mx-2 block w-[calc(100%+1rem)] cursor-pointer rounded-md px-2 py-1 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        className,
      )}
    >
      <span className="sr-only">{filterActionPrefix(filterKey, t)}</span>
      {children}
    </button>
  );
}
