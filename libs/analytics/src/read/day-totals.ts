import { LruCache } from '../lru-cache';
import {
  FUNNEL_STEPS,
  type BreakdownRow,
  type DayFigures,
  type FunnelStepName,
  type RangeFigures,
  type SeriesRow,
} from '../ports';
import type { DailyPlan } from './range-planner';

/** a period's figures, breakdowns and series by UTC day */
export interface PeriodFigures {
  figures: RangeFigures;
  breakdowns: BreakdownRow[];
  series: SeriesRow[];
}

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

/** a copy whose counts can be added to without changing the original */
function copyTotals(totals: DayTotals): DayTotals {
  return {
    types: new Map([...totals.types].map(([type, sum]) => [type, { ...sum }])),
    stepVisitors: { ...totals.stepVisitors },
    breakdowns: new Map([...totals.breakdowns].map(([key, row]) => [key, { ...row }])),
  };
}

/** spans of whole days kept added up: 8 owners reading 30 and 90 days and the periods before hold 32 */
const KEPT_SUMS = 128;

/**
 * per card and span of whole days, the days added up, kept while the span is made of the same day
 * objects (the day cache's: a day read again, or forgotten with its card, is another object). a range
 * that moves with the clock has the same whole days all day, and a 90-day summary added its 180 days
 * up again on every read (a third of its cpu in process)
 */
export class WholeDaySums {
  private readonly kept = new LruCache<string, { days: DayFigures[]; totals: DayTotals }>(KEPT_SUMS);

  /** a period's figures: its whole days (their sum kept) and its partial days added up */
  period(
    profileId: string,
    plan: DailyPlan,
    whole: DayFigures[],
    partDays: Array<[string, DayFigures]>,
  ): PeriodFigures {
    const byDay = new Map<string, DayFigures[]>();
    const add = (day: string, figures: DayFigures) => byDay.set(day, [...(byDay.get(day) ?? []), figures]);
    plan.wholeDays.forEach((day, i) => add(day, whole[i] as DayFigures));
    for (const [day, figures] of partDays) add(day, figures);
    const series: SeriesRow[] = [];
    for (const [day, dayParts] of byDay) {
      const views = dayParts.flatMap((d) => d.byType).filter((row) => row.type === 'view');
      series.push({
        bucket: new Date(`${day}T00:00:00.000Z`),
        visits: views.reduce((n, row) => n + row.events, 0),
        uniqueVisitors: dayParts.reduce((n, d) => n + d.stepVisitors.viewed, 0),
      });
    }
    const totals = this.totals(profileId, plan.wholeDays, whole);
    return {
      ...finishTotals(
        addDays(
          totals,
          partDays.map(([, figures]) => figures),
        ),
      ),
      series,
    };
  }

  /** the days' totals, to add to: a copy of the kept ones where the days are the same */
  private totals(profileId: string, dayKeys: readonly string[], days: DayFigures[]): DayTotals {
    if (days.length < 2) return addDays(emptyTotals(), days);
    const key = `${profileId}\u0000${dayKeys[0]}\u0000${dayKeys[dayKeys.length - 1]}`;
    const kept = this.kept.get(key);
    if (kept && kept.days.length === days.length && kept.days.every((day, i) => day === days[i]))
      return copyTotals(kept.totals);
    const totals = addDays(emptyTotals(), days);
    this.kept.set(key, { days, totals: copyTotals(totals) });
    return totals;
  }
}
