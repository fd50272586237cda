import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** the heading of a tab within a page (a team's sections): an h2 under the page's h1, and its actions */
export function SectionHeader({
  id,
  title,
  description,
  actions,
  className,
}: {
  /** the heading's id, for the section's aria-labelledby */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        <h2 id={id} className="text-lg font-semibold tracking-tight sm:text-xl">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
