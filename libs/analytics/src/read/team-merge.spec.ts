import type { BreakdownRow, RangeFigures, SeriesRow } from '../ports';
import { granularityOf, parseRange, previousRange } from './range-planner';
import { summaryResponse, type LinkOwner } from './response-assembler';
import { emptySummary, mergeBlocks, mergeSummaries, TOP_VALUES, type SummaryFrame } from './team-merge';

const range = parseRange('2026-03-08T00:00:00Z', '2026-03-10T23:59:59.999Z');
const frame: SummaryFrame = { range, before: previousRange(range), granularity: granularityOf(range) };

const steps = (viewed: number, saved: number, clicked: number, messaged: number) => ({
  viewed,
  saved_or_shared: saved,
  clicked,
  messaged,
});

/** a card's summary as the read service shapes it from its figures */
function cardSummary(input: {
  current: RangeFigures;
  previous: RangeFigures;
  breakdowns: BreakdownRow[];
  series: Array<[string, number, number]>;
  owners: LinkOwner[];
}) {
  const series: SeriesRow[] = input.series.map(([day, visits, uniqueVisitors]) => ({
    bucket: new Date(`${day}T00:00:00Z`),
    visits,
    uniqueVisitors,
  }));
  return summaryResponse({ ...frame, ...input, series }, input.owners);
}

const A = cardSummary({
  current: {
    byType: [
      { type: 'link_clicked', events: 3, authenticated: 0, visitors: 2 },
      { type: 'vcard_saved', events: 2, authenticated: 1, visitors: 2 },
      { type: 'view', events: 10, authenticated: 4, visitors: 6 },
    ],
    stepVisitors: steps(6, 2, 2, 0),
  },
  previous: {
    byType: [
      { type: 'vcard_saved', events: 1, authenticated: 0, visitors: 1 },
      { type: 'view', events: 5, authenticated: 0, visitors: 5 },
    ],
    stepVisitors: steps(5, 1, 0, 0),
  },
  breakdowns: [
    { dimension: 'country', value: 'US', count: 6 },
    { dimension: 'country', value: 'GB', count: 4 },
    { dimension: 'device', value: 'mobile', count: 10 },
    { dimension: 'referrer_host', value: '', count: 7 },
    { dimension: 'referrer_host', value: 't.co', count: 3 },
    { dimension: 'channel', value: 'qr', count: 5 },
    { dimension: 'channel', value: '', count: 5 },
    { dimension: 'link', value: 'https://github.com/a', count: 3 },
  ],
  series: [
    ['2026-03-08', 4, 3],
    ['2026-03-10', 6, 3],
  ],
  owners: [{ id: 'b1', kind: 'block', label: 'Projects', urls: ['https://github.com/a'] }],
});

const B = cardSummary({
  current: {
    byType: [
      { type: 'link_clicked', events: 2, authenticated: 0, visitors: 1 },
      { type: 'message_sent', events: 1, authenticated: 0, visitors: 1 },
      { type: 'view', events: 5, authenticated: 0, visitors: 5 },
    ],
    stepVisitors: steps(5, 0, 1, 1),
  },
  previous: { byType: [], stepVisitors: steps(0, 0, 0, 0) },
  breakdowns: [
    { dimension: 'country', value: 'US', count: 5 },
    { dimension: 'device', value: 'desktop', count: 5 },
    { dimension: 'referrer_host', value: '', count: 5 },
    { dimension: 'channel', value: '', count: 5 },
    { dimension: 'link', value: 'https://cal.example/b', count: 2 },
  ],
  series: [['2026-03-09', 5, 5]],
  // another card's block of the same kind and label, under an id of its own
  owners: [{ id: 'b9', kind: 'block', label: 'Projects', urls: ['https://cal.example/b'] }],
});

describe("merging cards' summaries into a team's", () => {
  it('adds up the totals, the breakdowns and the engagement', () => {
    const { summary } = mergeSummaries(frame, [
      { profileId: 'a', summary: A },
      { profileId: 'b', summary: B },
    ]);
    expect(summary).toMatchObject({
      totalVisits: 15,
      uniqueVisitors: 11,
      authenticatedVisits: 4,
      guestVisits: 11,
      visitsByCountry: { US: 11, GB: 4 },
      visitsByDevice: { mobile: 10, desktop: 5 },
      visitsByReferrer: { Direct: 12, 't.co': 3 },
      visitsByChannel: { direct: 10, qr: 5 },
      engagement: { vcard_saved: 2, link_clicked: 5, message_sent: 1 },
      clicksByLink: [
        { target: 'https://github.com/a', clicks: 3 },
        { target: 'https://cal.example/b', clicks: 2 },
      ],
      // one line for both cards' "Projects" blocks
      clicksByBlock: [{ id: 'block:Projects', kind: 'block', label: 'Projects', clicks: 5 }],
      uniqueVisitorsAccuracy: { exact: true },
    });
  });

  it('adds the series bucket by bucket, the funnel step by step, and works out the shares again', () => {
    const { summary } = mergeSummaries(frame, [
      { profileId: 'a', summary: A },
      { profileId: 'b', summary: B },
    ]);
    expect(summary.timeSeries).toEqual({
      granularity: 'day',
      points: [
        { bucketUtc: '2026-03-08T00:00:00.000Z', visits: 4, uniqueVisitors: 3 },
        { bucketUtc: '2026-03-09T00:00:00.000Z', visits: 5, uniqueVisitors: 5 },
        { bucketUtc: '2026-03-10T00:00:00.000Z', visits: 6, uniqueVisitors: 3 },
      ],
    });
    expect(summary.funnel).toEqual([
      { step: 'viewed', visitors: 11, shareOfViewers: 1 },
      { step: 'saved_or_shared', visitors: 2, shareOfViewers: 0.182 },
      { step: 'clicked', visitors: 3, shareOfViewers: 0.273 },
      { step: 'messaged', visitors: 1, shareOfViewers: 0.091 },
    ]);
  });

  it('compares with the period before from the sums, not from the cards’ percentages', () => {
    const { summary } = mergeSummaries(frame, [
      { profileId: 'a', summary: A },
      { profileId: 'b', summary: B },
    ]);
    // card B had no period before (its own changes are null), card A doubled its visits
    expect(B.comparison.changePercent.visits).toBeNull();
    expect(summary.comparison).toEqual({
      kind: 'previous',
      previous: {
        fromUtc: frame.before.from.toISOString(),
        toUtc: frame.before.to.toISOString(),
        visits: 5,
        uniqueVisitors: 5,
        saves: 1,
        messages: 0,
      },
      changePercent: { visits: 200, uniqueVisitors: 120, saves: 100, messages: null },
    });
  });

  it('gives a line a card, in the order of the cards', () => {
    const { cards } = mergeSummaries(frame, [
      { profileId: 'b', summary: B },
      { profileId: 'a', summary: A },
    ]);
    expect(cards).toEqual([
      { profileId: 'b', visits: 5, uniqueVisitors: 5, saves: 0, messages: 1 },
      { profileId: 'a', visits: 10, uniqueVisitors: 6, saves: 2, messages: 0 },
    ]);
  });

  it('answers zeros for no cards, every bucket of the range there', () => {
    const { summary, cards } = mergeSummaries(frame, []);
    expect(cards).toEqual([]);
    expect(summary).toEqual(emptySummary(frame));
    expect(summary).toMatchObject({
      totalVisits: 0,
      uniqueVisitors: 0,
      visitsByCountry: {},
      engagement: {},
      clicksByBlock: [],
      comparison: { changePercent: { visits: null, uniqueVisitors: null, saves: null, messages: null } },
    });
    expect(summary.timeSeries.points.map((point) => [point.bucketUtc, point.visits])).toEqual([
      ['2026-03-08T00:00:00.000Z', 0],
      ['2026-03-09T00:00:00.000Z', 0],
      ['2026-03-10T00:00:00.000Z', 0],
    ]);
    expect(summary.funnel.map((step) => step.shareOfViewers)).toEqual([null, null, null, null]);
  });

  it('is an estimate when any card’s uniques are one, and keeps the most counted values only', () => {
    const countries = (offset: number) =>
      Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`C${i + offset}`, 100 - i]));
    const wide = (offset: number, exact: boolean) => ({
      ...A,
      visitsByCountry: countries(offset),
      uniqueVisitorsAccuracy: { ...A.uniqueVisitorsAccuracy, exact },
    });
    const { summary } = mergeSummaries(frame, [
      { profileId: 'a', summary: wide(0, true) },
      { profileId: 'b', summary: wide(30, false) },
    ]);
    expect(summary.uniqueVisitorsAccuracy.exact).toBe(false);
    const kept = Object.entries(summary.visitsByCountry);
    expect(kept).toHaveLength(TOP_VALUES);
    // C30..C79 are in both cards (added up); of 110 countries the 10 least counted are left out
    expect(kept[0]).toEqual(['C30', 70 + 100]);
    expect(summary.visitsByCountry.C99).toBe(31);
    expect(summary.visitsByCountry.C100).toBeUndefined();
  });

  it('tells blocks apart by kind as well as by label', () => {
    expect(
      mergeBlocks(
        [
          [
            {
              id: 'social:github',
              kind: 'social',
              label: 'GitHub',
              clicks: 2,
              uniqueClicks: 1,
              clickRate: 0.1,
            },
          ],
          [
            { id: 'x1', kind: 'block', label: 'GitHub', clicks: 1, uniqueClicks: 1, clickRate: 0.1 },
            {
              id: 'social:github',
              kind: 'social',
              label: 'GitHub',
              clicks: 4,
              uniqueClicks: 2,
              clickRate: 0.4,
            },
          ],
        ],
        20,
      ),
    ).toEqual([
      // visitor ids are per card: the cards' unique clicks add up; the rate is of the team's views
      { id: 'social:GitHub', kind: 'social', label: 'GitHub', clicks: 6, uniqueClicks: 3, clickRate: 0.3 },
      { id: 'block:GitHub', kind: 'block', label: 'GitHub', clicks: 1, uniqueClicks: 1, clickRate: 0.05 },
    ]);
  });
});
