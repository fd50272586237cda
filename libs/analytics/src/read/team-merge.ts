import type { AnalyticsComparison } from '@cardcraft/contracts';
import type { BlockClicks, LinkClicks, VisitSummaryResponse } from '@cardcraft/contracts';
import type { CardCounts, Granularity, TimeRange } from '../ports';
import { emptyDay } from './day-totals';
import { changePercent, clickRate, summaryResponse } from './response-assembler';

/** the values of a breakdown a summary lists at most, as a card's does */
export const TOP_VALUES = 100;

/** what every summary of a team's answer is of: the range, the period before, the buckets */
export interface SummaryFrame {
  range: TimeRange;
  before: TimeRange;
  granularity: Granularity;
  /** the zone the series' buckets are of; UTC unless said */
  timeZone?: string;
  /** what `before` is: 'previous' unless said */
  comparison?: AnalyticsComparison;
  /**
   * the totals and the cards' lines are all that is read for (an overview): the links' distinct
   * clickers and a zone's series are left out (0, and the UTC days' series)
   */
  linesOnly?: boolean;
}

/** one card's line in a team's table */
export interface TeamCardRow extends CardCounts {
  profileId: string;
}

/** a team's analytics: one summary over its cards, and a line a card */
export interface TeamSummary {
  summary: VisitSummaryResponse;
  cards: TeamCardRow[];
}

/** a summary of nothing: every count zero, every bucket of the range there */
export function emptySummary(frame: SummaryFrame): VisitSummaryResponse {
  const none = { byType: [], stepVisitors: emptyDay().stepVisitors };
  return summaryResponse({ ...frame, current: none, previous: none, breakdowns: [], series: [] }, []);
}

/** the most counted first, then by name, at most TOP_VALUES: how a card's breakdowns are cut */
export function topValues(counts: Map<string, number>): Array<[string, number]> {
  return [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).slice(0, TOP_VALUES);
}

const addTo = (sums: Map<string, number>, key: string, n: number) => sums.set(key, (sums.get(key) ?? 0) + n);

/**
 * the clicks of several cards' parts as one list: a block's id is its card's own, so the parts are
 * told by kind and label (every card's "Book a call" block is one line), most clicked first
 */
export function mergeBlocks(cards: BlockClicks[][], views = 0): BlockClicks[] {
  const merged = new Map<string, BlockClicks>();
  for (const blocks of cards) {
    for (const block of blocks) {
      const id = `${block.kind}:${block.label}`;
      const sum = merged.get(id) ?? {
        id,
        kind: block.kind,
        label: block.label,
        clicks: 0,
        uniqueClicks: 0,
        clickRate: null,
      };
      sum.clicks += block.clicks;
      // visitor ids are per card: the cards' distinct visitors add up
      sum.uniqueClicks += block.uniqueClicks;
      merged.set(id, sum);
    }
  }
  for (const sum of merged.values()) sum.clickRate = clickRate(sum.clicks, views);
  return [...merged.values()].sort((a, b) => b.clicks - a.clicks || a.label.localeCompare(b.label));
}

/** link clicks by target over several lists, most first, cut as a card's are; rates of `views` */
export function mergeLinks(lists: LinkClicks[][], views = 0): LinkClicks[] {
  const sums = new Map<string, number>();
  const uniques = new Map<string, number>();
  for (const links of lists)
    for (const link of links) {
      addTo(sums, link.target, link.clicks);
      addTo(uniques, link.target, link.uniqueClicks);
    }
  return topValues(sums).map(([target, clicks]) => ({
    target,
    clicks,
    uniqueClicks: uniques.get(target) ?? 0,
    clickRate: clickRate(clicks, views),
  }));
}

/** a card's line from its own summary */
export function cardRow(profileId: string, summary: VisitSummaryResponse): TeamCardRow {
  return {
    profileId,
    visits: summary.totalVisits,
    uniqueVisitors: summary.uniqueVisitors,
    saves: summary.engagement.vcard_saved ?? 0,
    messages: summary.engagement.message_sent ?? 0,
  };
}

const BREAKDOWNS = [
  'visitsByCountry',
  'visitsByCity',
  'visitsByDevice',
  'visitsByBrowser',
  'visitsByReferrer',
  'visitsByChannel',
  'visitsByUtmSource',
  'visitsByUtmMedium',
  'visitsByUtmCampaign',
] as const satisfies ReadonlyArray<keyof VisitSummaryResponse>;

/**
 * cards' summaries of one frame as the team's: counts, breakdowns, engagement, the funnel's steps and
 * each bucket of the series add up (visitor ids are per card and UTC day, so distinct visitors of
 * different cards do too); the shares, the comparison's percentages and the cut to the top values
 * are worked out again from the sums; the uniques are exact when every card's were. no cards: zeros.
 */
export function mergeSummaries(
  frame: SummaryFrame,
  parts: ReadonlyArray<{ profileId: string; summary: VisitSummaryResponse }>,
): TeamSummary {
  const merged = emptySummary(frame);
  const summaries = parts.map((part) => part.summary);
  const sum = (pick: (s: VisitSummaryResponse) => number) => summaries.reduce((n, s) => n + pick(s), 0);
  merged.totalVisits = sum((s) => s.totalVisits);
  merged.uniqueVisitors = sum((s) => s.uniqueVisitors);
  merged.authenticatedVisits = sum((s) => s.authenticatedVisits);
  merged.guestVisits = sum((s) => s.guestVisits);
  for (const name of BREAKDOWNS) {
    const sums = new Map<string, number>();
    for (const s of summaries) for (const [key, n] of Object.entries(s[name])) addTo(sums, key, n);
    merged[name] = Object.fromEntries(topValues(sums));
  }
  for (const s of summaries) {
    for (const [type, n] of Object.entries(s.engagement) as Array<[keyof typeof s.engagement, number]>)
      merged.engagement[type] = (merged.engagement[type] ?? 0) + n;
  }
  const points = new Map(merged.timeSeries.points.map((point) => [point.bucketUtc, point]));
  for (const s of summaries) {
    for (const point of s.timeSeries.points) {
      const into = points.get(point.bucketUtc);
      if (into) {
        into.visits += point.visits;
        into.uniqueVisitors += point.uniqueVisitors;
      } else points.set(point.bucketUtc, { ...point });
    }
  }
  merged.timeSeries.points = [...points.values()].sort((a, b) => (a.bucketUtc < b.bucketUtc ? -1 : 1));
  const viewers = sum((s) => s.funnel.find((step) => step.step === 'viewed')?.visitors ?? 0);
  merged.funnel = merged.funnel.map((step) => {
    const visitors = sum((s) => s.funnel.find((other) => other.step === step.step)?.visitors ?? 0);
    return {
      ...step,
      visitors,
      shareOfViewers: viewers > 0 ? Math.round((visitors / viewers) * 1000) / 1000 : null,
    };
  });
  merged.clicksByLink = mergeLinks(
    summaries.map((s) => s.clicksByLink),
    merged.totalVisits,
  );
  merged.clicksByBlock = mergeBlocks(
    summaries.map((s) => s.clicksByBlock),
    merged.totalVisits,
  );
  const previous = merged.comparison.previous;
  previous.visits = sum((s) => s.comparison.previous.visits);
  previous.uniqueVisitors = sum((s) => s.comparison.previous.uniqueVisitors);
  previous.saves = sum((s) => s.comparison.previous.saves);
  previous.messages = sum((s) => s.comparison.previous.messages);
  const now = {
    visits: merged.totalVisits,
    uniqueVisitors: merged.uniqueVisitors,
    saves: merged.engagement.vcard_saved ?? 0,
    messages: merged.engagement.message_sent ?? 0,
  };
  merged.comparison.changePercent = {
    visits: changePercent(now.visits, previous.visits),
    uniqueVisitors: changePercent(now.uniqueVisitors, previous.uniqueVisitors),
    saves: changePercent(now.saves, previous.saves),
    messages: changePercent(now.messages, previous.messages),
  };
  merged.uniqueVisitorsAccuracy.exact = summaries.every((s) => s.uniqueVisitorsAccuracy.exact);
  return { summary: merged, cards: parts.map((part) => cardRow(part.profileId, part.summary)) };
}
