import { useTranslation } from 'react-i18next';
import { BarChart3 } from 'lucide-react';
import type { AnalyticsOverviewResponse, OverviewCardFigures } from '@cardcraft/contracts';
import { EmptyState } from '@/components/ui/empty-state';
import { OverviewCardsTable } from './overview-cards-table';
import { OverviewChart } from './overview-chart';
import { OverviewTotals } from './overview-totals';

/** every card at once, the account's or a team's: the totals, a line per card, and the sortable table */
export function AnalyticsOverview({
  overview,
  hrefOf,
  rowTestId,
}: {
  overview: AnalyticsOverviewResponse;
  hrefOf?: (row: OverviewCardFigures) => string | null;
  rowTestId?: string;
}) {
  const { t } = useTranslation('analytics');
  if (overview.cards.length === 0) {
    return (
      <EmptyState icon={BarChart3} title={t('overview.emptyTitle')} description={t('overview.emptyText')} />
    );
  }
  return (
    <div className="space-y-6">
      <OverviewTotals overview={overview} />
      <OverviewChart overview={overview} />
      <OverviewCardsTable rows={overview.cards} hrefOf={hrefOf} rowTestId={rowTestId} />
    </div>
  );
}
