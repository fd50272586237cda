import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { OverviewCardFigures } from '@cardcraft/contracts';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/i18n/use-language';
import { cn } from '@/lib/utils';
import { formatNumber, formatPercent } from '../utils/analytics-format';

export type OverviewColumn =
  'displayName' | 'visits' | 'uniqueVisitors' | 'saves' | 'messages' | 'conversion';

/** the columns in order; each is named by `table.columns.{key}`, and the caption's sorting by `table.sortedBy.{key}` */
const COLUMNS: OverviewColumn[] = [
  'displayName',
  'visits',
  'uniqueVisitors',
  'saves',
  'messages',
  'conversion',
];

type Row = Pick<
  OverviewCardFigures,
  'displayName' | 'visits' | 'uniqueVisitors' | 'saves' | 'messages' | 'conversion'
>;

/** a card's value in a column, for sorting: a card without visits has no conversion and sorts last */
function valueOf(row: Row, column: OverviewColumn): number | string {
  if (column === 'displayName') return row.displayName.toLowerCase();
  if (column === 'conversion') return row.conversion ?? -1;
  return row[column];
}

export function sortFigures<T extends Row>(rows: T[], column: OverviewColumn, descending: boolean): T[] {
  return [...rows].sort((a, b) => {
    const [x, y] = [valueOf(a, column), valueOf(b, column)];
    const order = x < y ? -1 : x > y ? 1 : 0;
    return descending ? -order : order;
  });
}

/**
 * a row a card, sorted by any column from its header (views, most first, to start with); a row links
 * to that card's own analytics when `hrefOf` gives an address
 */
export function OverviewCardsTable({
  rows,
  hrefOf,
  rowTestId = 'overview-card-figures',
}: {
  rows: OverviewCardFigures[];
  hrefOf?: (row: OverviewCardFigures) => string | null;
  rowTestId?: string;
}) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  const [sort, setSort] = useState<{ column: OverviewColumn; descending: boolean }>({
    column: 'visits',
    descending: true,
  });
  const sorted = sortFigures(rows, sort.column, sort.descending);
  const by = (column: OverviewColumn) =>
    setSort((current) =>
      current.column === column
        ? { column, descending: !current.descending }
        : // names read from A, figures from the largest
          { column, descending: column !== 'displayName' },
    );

  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle>{t('table.title')}</CardTitle>
      </CardHeader>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{t(`table.sortedBy.${sort.column}`)}</caption>
          <thead className="border-y border-border bg-muted/60 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {COLUMNS.map((key) => {
                const active = sort.column === key;
                const Icon = active ? (sort.descending ? ArrowDown : ArrowUp) : ArrowUpDown;
                return (
                  <th
                    key={key}
                    scope="col"
                    className={cn('px-4 py-2', key !== 'displayName' && 'text-right')}
                    aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}
                  >
                    <button
                      type="button"
                      onClick={() => by(key)}
                      className="inline-flex items-center gap-1 rounded uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    >
                      {t(`table.columns.${key}`)}
                      <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {sorted.map((row) => {
              const href = hrefOf?.(row) ?? null;
              return (
                <tr key={row.profileId} data-testid={rowTestId}>
                  <th scope="row" className="min-w-48 px-4 py-3 font-normal">
                    {href ? (
                      <Link
                        to={href}
                        className="block font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                      >
                        {row.displayName}
                      </Link>
                    ) : (
                      <span className="block font-medium">{row.displayName}</span>
                    )}
                    <span className="block text-xs text-muted-foreground">
                      @{row.handle}
                      {row.holderName ? ` · ${row.holderName}` : ''}
                      {row.published ? '' : ` · ${t('table.draft')}`}
                    </span>
                  </th>
                  <td className="px-4 py-3 text-right tabular-nums">{number(row.visits)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{number(row.uniqueVisitors)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{number(row.saves)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{number(row.messages)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {row.conversion === null ? '—' : formatPercent(row.conversion, language)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
