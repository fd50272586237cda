import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * a list table's caption and column heads, the last one for each row's actions: shown from md on,
 * while on a phone each row stands as a card of its own and the heads are only read out
 */
export function ListTableHead({
  caption,
  columns,
  cellClassName = 'px-5 py-3',
}: {
  caption: ReactNode;
  columns: readonly string[];
  /** the heads' padding, to line up with the rows' cells (a table of many columns packs them closer) */
  cellClassName?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden border-b border-border bg-muted/60 text-xs font-semibold tracking-wide text-slate-600 uppercase md:table-header-group">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={cellClassName}>
              {column}
            </th>
          ))}
          <th scope="col" className={cellClassName}>
            <span className="sr-only">{t('actions.rowActions')}</span>
          </th>
        </tr>
      </thead>
    </>
  );
}
