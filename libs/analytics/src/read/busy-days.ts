import {
  FUNNEL_STEPS,
  type BreakdownRow,
  type DayFigures,
  type DayOutline,
  type FunnelStepName,
} from '../ports';
import { countBelow } from './sorted-times';

/** what a busy day uses of held events (edge-days.ts' DayEvents, not imported: that file holds busy days) */
export interface HeldEvents {
  readonly size: number;
  figures(fromMs: number, toMs: number): DayFigures;
  stepVisitorKeys(fromMs: number, toMs: number): number[][];
}

const HOUR = 3_600_000;

/** the hour that holds every one of rows in time order, or null when they span more than one */
export function hourHolding(rows: ReadonlyArray<{ ts: number }>): number | null {
  const first = rows[0]?.ts;
  const last = rows[rows.length - 1]?.ts;
  if (first === undefined || last === undefined) return null;
  const hour = Math.floor(first / HOUR) * HOUR;
  return last < hour + HOUR ? hour : null;
}

const STEPS = Object.keys(FUNNEL_STEPS) as FunnelStepName[];

/**
 * the hours whose raw events a part (from, to, both included) of a held span [start, end) needs: the
 * ones it covers only in part (at most its first and its last); the hours between come whole from
 * the rollups. an hour cut by the span's end (today's held part) is always one of them.
 */
export function rawHoursOf(start: number, end: number, from: number, to: number): number[] {
  const a = Math.max(from, start);
  const b = Math.min(to + 1, end);
  if (a >= b) return [];
  const first = Math.floor(a / HOUR) * HOUR;
  const last = Math.floor((b - 1) / HOUR) * HOUR;
  const hours: number[] = [];
  if (a > first || first + HOUR > b) hours.push(first);
  if (last !== first && last + HOUR > b) hours.push(last);
  return hours;
}

/** per step, each distinct visitor's first and last event, both sorted, so a prefix or suffix is counted by search */
interface StepTimes {
  first: Float64Array;
  last: Float64Array;
  /**
   * the visitors' ids as 53-bit hashes, sorted, kept for today only: the events since its held part
   * may bring them again (a hash is 8 bytes where the id's string is about 50)
   */
  ids: Float64Array | null;
}

/**
 * a visitor id's 53-bit hash (two 32-bit FNV-1a kinds): two ids of a day alike by chance about once in
 * 10^11 days of 20 000 visitors, far inside the uniqCombined64 estimate such days were counted with before
 */
export function visitorKey(id: string): number {
  let a = 0x811c9dc5;
  let b = 0x5bd1e995;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) >>> 11);
}

/** counts by type and breakdown value, added up */
class Counts {
  private readonly types = new Map<string, { type: string; events: number; authenticated: number }>();
  private readonly breakdowns = new Map<string, BreakdownRow>();

  add(byType: DayFigures['byType'], breakdowns: BreakdownRow[]): void {
    for (const row of byType) {
      const sum = this.types.get(row.type);
      if (sum) {
        sum.events += row.events;
        sum.authenticated += row.authenticated;
      } else this.types.set(row.type, { ...row });
    }
    for (const row of breakdowns) {
      const key = `${row.dimension}\u0000${row.value}`;
      const sum = this.breakdowns.get(key);
      if (sum) sum.count += row.count;
      else this.breakdowns.set(key, { ...row });
    }
  }

  figures(stepVisitors: Record<FunnelStepName, number>): DayFigures {
    return { byType: [...this.types.values()], stepVisitors, breakdowns: [...this.breakdowns.values()] };
  }
}

/**
 * a day too busy to hold its events (or today's held part of it), held as its outline: each whole
 * hour's counts, each step's visitors with their first and last event, and the raw events of the
 * hours its parts start or end inside. a part from the span's start (the period before ends inside
 * the day, today) or to its end (a range starts inside the day) is counted from it exactly, as from
 * the day's events: counts add up over hours, and a visitor is in a prefix when their first event is,
 * in a suffix when their last is.
 */
export class BusyDay {
  private constructor(
    /** the span held: [start, end) */
    readonly start: number,
    readonly end: number,
    private readonly hours: DayOutline['hours'],
    private readonly steps: StepTimes[],
    /** the raw events of the hours parts start or end inside, by the hour's start */
    private readonly raw: Map<number, HeldEvents>,
  ) {}

  static of(
    span: { start: number; end: number },
    outline: DayOutline,
    raw: Map<number, HeldEvents>,
    keepIds: boolean,
  ): BusyDay {
    const steps = STEPS.map((step): StepTimes => {
      const seen = outline.visitors.find((v) => v.step === step);
      return {
        first: Float64Array.from(seen?.first ?? []).sort(),
        last: Float64Array.from(seen?.last ?? []).sort(),
        ids: keepIds ? Float64Array.from(seen?.ids ?? [], visitorKey).sort() : null,
      };
    });
    return new BusyDay(span.start, span.end, outline.hours, steps, raw);
  }

  /** held in the edge-day cache's unit, about an event's memory: a visitor's two times a fifth of one, an id's hash a twelfth */
  get size(): number {
    let size = this.hours.length;
    for (const events of this.raw.values()) size += events.size;
    for (const step of this.steps)
      size += Math.ceil(step.first.length / 5) + Math.ceil((step.ids?.length ?? 0) / 12);
    return size;
  }

  /** whether every hour a part needs raw is held */
  holdsHoursOf(from: number, to: number): boolean {
    return rawHoursOf(this.start, this.end, from, to).every((hour) => this.raw.has(hour));
  }

  /** the hours held raw */
  rawHours(): number[] {
    return [...this.raw.keys()];
  }

  /** the figures from `fromMs` to `toMs` (both included); null for a part inside the day, or one whose hours are not held */
  figures(fromMs: number, toMs: number): DayFigures | null {
    const a = Math.max(fromMs, this.start);
    const b = Math.min(toMs + 1, this.end);
    if (a > this.start && b < this.end) return null;
    const counts = this.counts(a, b);
    if (!counts) return null;
    const stepVisitors = Object.fromEntries(
      STEPS.map((step, s) => {
        const times = this.steps[s] as StepTimes;
        if (a >= b) return [step, 0];
        // a prefix: visitors whose first event is in it; a suffix: those whose last is
        const n =
          a <= this.start ? countBelow(times.first, b) : times.last.length - countBelow(times.last, a);
        return [step, n];
      }),
    ) as Record<FunnelStepName, number>;
    return counts.figures(stepVisitors);
  }

  /**
   * the figures from `fromMs` (the span's start) to `toMs` (past its end) over the span and `later`'s
   * events (today's since the held part): a visitor of both counts once per step
   */
  figuresWith(later: HeldEvents, fromMs: number, toMs: number): DayFigures | null {
    if (fromMs > this.start) return null;
    const held = this.figures(this.start, this.end - 1);
    if (!held) return null;
    const since = later.figures(this.end, toMs);
    const counts = new Counts();
    counts.add(held.byType, held.breakdowns);
    counts.add(since.byType, since.breakdowns);
    const keys = later.stepVisitorKeys(this.end, toMs);
    const stepVisitors = { ...held.stepVisitors };
    for (const [s, step] of STEPS.entries()) {
      const known = (this.steps[s] as StepTimes).ids;
      if (!known) return null;
      for (const key of keys[s] ?? []) {
        const at = countBelow(known, key);
        if (at === known.length || known[at] !== key) stepVisitors[step]++;
      }
    }
    return counts.figures(stepVisitors);
  }

  /** the counts of [a, b): whole hours from the outline, the hours cut from their raw events */
  private counts(a: number, b: number): Counts | null {
    const counts = new Counts();
    if (a >= b) return counts;
    for (const hour of this.hours)
      if (hour.hour >= a && hour.hour + HOUR <= b) counts.add(hour.byType, hour.breakdowns);
    for (const hour of rawHoursOf(this.start, this.end, a, b - 1)) {
      const events = this.raw.get(hour);
      if (!events) return null;
      const part = events.figures(a, b - 1);
      counts.add(part.byType, part.breakdowns);
    }
    return counts;
  }
}
