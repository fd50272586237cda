import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import { cn } from '@/lib/utils';

/** a paged list's footer: where the reader is, and Previous and Next */
export function Pager({
  label,
  page,
  pages,
  onPage,
  total,
  className,
}: {
  /** the navigation's name for screen readers */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** what the pages hold in all, shown after the page ("3 deliveries") */
  total?: string;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <nav
      aria-label={label}
      className={cn('flex items-center justify-between gap-3 border-t border-border text-sm', className)}
    >
      <span className="text-muted-foreground">
        {t('pager.page', { page, pages })}
        {total ? ` · ${total}` : null}
      </span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          {t('actions.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('actions.next')}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
