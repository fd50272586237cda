import {
  FUNNEL_STEPS,
  type BreakdownRow,
  type DayFigures,
  type FunnelStepName,
  type RangeFigures,
} from '../ports';

/** days added up, every breakdown value kept (the top ones are picked at the end) */
export interface DayTotals {
  types: Map<string, { type: string; events: number; authenticated: number; visitors: number }>;
  stepVisitors: Record<FunnelStepName, number>;
  breakdowns: Map<string, BreakdownRow>;
}

/** a day without events */
export function emptyDay(): DayFigures {
  return {
    byType: [],
    stepVisitors: { viewed: 0, saved_or_shared: 0, clicked: 0, messaged: 0 },
    breakdowns: [],
  };
}

export function emptyTotals(): DayTotals {
  return {
    types: new Map(),
    stepVisitors: Object.fromEntries(Object.keys(FUNNEL_STEPS).map((step) => [step, 0])) as Record<
      FunnelStepName,
      number
    >,
    breakdowns: new Map(),
  };
}

/** adds days: counts add up, and so do distinct visitors, whose ids are per UTC day */
export function addDays(totals: DayTotals, days: DayFigures[]): DayTotals {
  for (const day of days) {
    for (const row of day.byType) {
      const sum = totals.types.get(row.type) ?? { type: row.type, events: 0, authenticated: 0, visitors: 0 };
      sum.events += row.events;
      sum.authenticated += row.authenticated;
      totals.types.set(row.type, sum);
    }
    for (const step of Object.keys(totals.stepVisitors) as FunnelStepName[])
      totals.stepVisitors[step] += day.stepVisitors[step];
    for (const row of day.breakdowns) {
      const key = `${row.dimension}\u0000${row.value}`;
      const sum = totals.breakdowns.get(key);
      if (sum) sum.count += row.count;
      else totals.breakdowns.set(key, { ...row });
    }
  }
  return totals;
}

/** the range's figures and the top 100 values of each breakdown dimension */
export function finishTotals(totals: DayTotals): { figures: RangeFigures; breakdowns: BreakdownRow[] } {
  const view = totals.types.get('view');
  if (view) view.visitors = totals.stepVisitors.viewed;
  const perDimension = new Map<string, BreakdownRow[]>();
  for (const row of totals.breakdowns.values()) {
    const list = perDimension.get(row.dimension) ?? [];
    list.push(row);
    perDimension.set(row.dimension, list);
  }
  const top: BreakdownRow[] = [];
  for (const list of perDimension.values()) {
    list.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    top.push(...list.slice(0, 100));
  }
  return {
    figures: {
      byType: [...totals.types.values()].sort((a, b) => a.type.localeCompare(b.type)),
      stepVisitors: totals.stepVisitors,
    },
    breakdowns: top,
  };
}
