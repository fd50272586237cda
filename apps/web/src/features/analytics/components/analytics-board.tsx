import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitSummaryResponse } from '@cardcraft/contracts';
import {
  BrowsersCard,
  CampaignsCard,
  CitiesCard,
  DevicesCard,
  GeographyCard,
  TrafficSourcesCard,
} from './breakdown-cards';
import type { FilterTarget } from './filter-row';
import { ChannelsCard, FunnelCard, LinkClicksCard, PeriodComparisonCard } from './insight-cards';
import { StatCards } from './stat-cards';
import { EngagementCard, VisitsChart } from './visits-chart';

/**
 * a card's figures, the owner's and a shared link's alike: the stat cards, the series, what visitors
 * did and where they came from. a row of a breakdown adds its filter through `filter`; without it (a
 * team's figures) the rows are plain. `aside` goes on top of the side column (the owner's card, the
 * recent visitors), `readOnly` only says so to assistive technology: what can be changed is the view
 */
export function AnalyticsBoard({
  summary,
  filter,
  aside,
  readOnly = false,
}: {
  summary: VisitSummaryResponse;
  filter?: FilterTarget;
  aside?: ReactNode;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('analytics');
  return (
    <div className="space-y-6" {...(readOnly ? { role: 'region', 'aria-label': t('board.readOnly') } : {})}>
      <StatCards summary={summary} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <VisitsChart summary={summary} />
          <EngagementCard summary={summary} />
          <div className="grid gap-6 md:grid-cols-2">
            <FunnelCard summary={summary} />
            <PeriodComparisonCard summary={summary} />
            <ChannelsCard summary={summary} filter={filter} />
            <LinkClicksCard summary={summary} filter={filter} />
            <GeographyCard summary={summary} filter={filter} />
            <CitiesCard summary={summary} filter={filter} />
            <TrafficSourcesCard summary={summary} filter={filter} />
            <CampaignsCard summary={summary} filter={filter} />
          </div>
        </div>
        <div className="min-w-0 space-y-6">
          {aside}
          <DevicesCard summary={summary} filter={filter} />
          <BrowsersCard summary={summary} filter={filter} />
        </div>
      </div>
    </div>
  );
}
