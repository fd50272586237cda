import type { VisitSummaryResponse } from '@cardcraft/contracts/responses';
import { ChannelsCard, FunnelCard, LinkClicksCard, PeriodComparisonCard } from './insight-cards';
import { EngagementCard, VisitsChart } from './visits-chart';

/** a summary's main widgets, a card's or a team's: the series, what visitors did, and the insights */
export function SummaryWidgets({ summary }: { summary: VisitSummaryResponse }) {
  return (
    <>
      <VisitsChart summary={summary} />
      <EngagementCard summary={summary} />
      <div className="grid gap-6 md:grid-cols-2">
        <FunnelCard summary={summary} />
        <PeriodComparisonCard summary={summary} />
        <ChannelsCard summary={summary} />
        <LinkClicksCard summary={summary} />
      </div>
    </>
  );
}
