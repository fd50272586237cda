import { Injectable } from '@nestjs/common';
import type {
  AnalyticsOverviewQueryDto,
  AnalyticsOverviewResponse,
  OverviewCardFigures,
  OverviewTotals,
} from '@cardcraft/contracts';
import { UTC } from '@cardcraft/analytics';
import type { ProfileRecord } from '@cardcraft/storage';
import { ProfilesService } from '../profiles/profiles.service';
import { AnalyticsService } from './analytics.service';

/** a card of an overview, with who holds it where that is said (a team's) */
export interface OverviewCard {
  card: Pick<ProfileRecord, 'id' | 'handle' | 'displayName' | 'published'>;
  holderName?: string;
}

const conversion = (counts: { visits: number; saves: number; messages: number }): number | null =>
  counts.visits > 0 ? Math.round(((counts.saves + counts.messages) / counts.visits) * 1000) / 1000 : null;

const totals = (counts: Omit<OverviewTotals, 'conversion'>): OverviewTotals => ({
  ...counts,
  conversion: conversion(counts),
});

/**
 * every card at once: the totals and a line a card from the team summary's machinery (which takes any
 * cards), and each card's visits per bucket of the zone. only published cards have analytics; a
 * draft has a line of zeros
 */
@Injectable()
export class AnalyticsOverviewService {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly profiles: ProfilesService,
  ) {}

  /** the signed-in owner's cards, published or not */
  async account(ownerId: string, query: AnalyticsOverviewQueryDto): Promise<AnalyticsOverviewResponse> {
    const cards = await this.profiles.list(ownerId);
    return this.overview(
      cards.map((card) => ({ card })),
      query,
    );
  }

  async overview(
    cards: OverviewCard[],
    query: AnalyticsOverviewQueryDto,
  ): Promise<AnalyticsOverviewResponse> {
    const published = cards.filter(({ card }) => card.published).map(({ card }) => card);
    const ids = published.map((card) => card.id);
    // the lines and totals only: no clicks per block (no card's parts), no links' clickers, and the
    // series is the cards' own (below)
    const figures = await this.analytics.teamSummary(
      published.map((card) => ({ id: card.id, linkOwners: [] })),
      query,
      true,
    );
    const series = await this.analytics.cardsSeries(ids, query);
    const lines = new Map(figures.cards.map((row) => [row.profileId, row]));
    const { summary } = figures;
    const { previous } = summary.comparison;
    return {
      fromUtc: new Date(query.from).toISOString(),
      toUtc: new Date(query.to).toISOString(),
      timeZone: query.tz ?? UTC,
      granularity: series.granularity,
      buckets: series.buckets.map((bucket) => new Date(bucket).toISOString()),
      totals: totals({
        visits: summary.totalVisits,
        uniqueVisitors: summary.uniqueVisitors,
        saves: summary.engagement.vcard_saved ?? 0,
        messages: summary.engagement.message_sent ?? 0,
      }),
      comparison: {
        kind: summary.comparison.kind,
        fromUtc: previous.fromUtc,
        toUtc: previous.toUtc,
        previous: totals({
          visits: previous.visits,
          uniqueVisitors: previous.uniqueVisitors,
          saves: previous.saves,
          messages: previous.messages,
        }),
        changePercent: summary.comparison.changePercent,
      },
      cards: cards.map(({ card, holderName }): OverviewCardFigures => {
        const row = lines.get(card.id) ?? { visits: 0, uniqueVisitors: 0, saves: 0, messages: 0 };
        return {
          profileId: card.id,
          handle: card.handle,
          displayName: card.displayName,
          published: card.published,
          ...(holderName === undefined ? {} : { holderName }),
          visits: row.visits,
          uniqueVisitors: row.uniqueVisitors,
          saves: row.saves,
          messages: row.messages,
          conversion: conversion(row),
          series: series.visits.get(card.id) ?? series.buckets.map(() => 0),
        };
      }),
    };
  }
}
