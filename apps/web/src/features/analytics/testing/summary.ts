import type { VisitSummaryResponse } from '@cardcraft/contracts';

/** a summary with nothing in it; tests patch what they show */
export function emptySummary(patch: Partial<VisitSummaryResponse> = {}): VisitSummaryResponse {
  return {
    totalVisits: 0,
    uniqueVisitors: 0,
    authenticatedVisits: 0,
    guestVisits: 0,
    visitsByCountry: {},
    visitsByDevice: {},
    visitsByReferrer: {},
    engagement: {},
    timeSeries: { granularity: 'day', points: [] },
    visitsByChannel: {},
    funnel: [
      { step: 'viewed', visitors: 0, shareOfViewers: null },
      { step: 'saved_or_shared', visitors: 0, shareOfViewers: null },
      { step: 'clicked', visitors: 0, shareOfViewers: null },
      { step: 'messaged', visitors: 0, shareOfViewers: null },
    ],
    clicksByLink: [],
    clicksByBlock: [],
    comparison: {
      kind: 'previous',
      previous: {
        fromUtc: '2026-01-01T00:00:00.000Z',
        toUtc: '2026-01-31T00:00:00.000Z',
        visits: 0,
        uniqueVisitors: 0,
        saves: 0,
        messages: 0,
      },
      changePercent: { visits: null, uniqueVisitors: null, saves: null, messages: null },
    },
    uniqueVisitorsAccuracy: { exact: true, exactBelow: 4000, standardError: 0.003 },
    timeZone: 'UTC',
    filters: {},
    visitsByCity: {},
    visitsByBrowser: {},
    visitsByUtmSource: {},
    visitsByUtmMedium: {},
    visitsByUtmCampaign: {},
    ...patch,
  };
}
