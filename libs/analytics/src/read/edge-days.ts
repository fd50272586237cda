import {
  FUNNEL_STEPS,
  VIEW_DIMENSIONS,
  type BreakdownDimension,
  type DayEventRow,
  type DayFigures,
  type FunnelStepName,
} from '../ports';
import { visitorKey } from './busy-days';
import { countBelow } from './sorted-times';

const STEPS = Object.keys(FUNNEL_STEPS) as FunnelStepName[];

/** what holds a finished day's events: each link's distinct clickers from a moment to the day's end */
export interface LinkClickers {
  linkClickersFrom(from: number): Map<string, number>;
}

/** values to small numbers, in order of first sight */
class Dictionary<T = string> {
  readonly values: T[] = [];
  private readonly ids = new Map<T, number>();

  id(value: T): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
}

/** what a part of a day holds, by type, step visitor and breakdown value number; never changed once made */
interface Counted {
  events: Int32Array;
  signedIn: Int32Array;
  /** per step, 1 for each visitor number seen */
  seen: Uint8Array[];
  stepVisitors: number[];
  counts: Int32Array[];
}

/** a row as the columns take it: its visitor as the id's 53-bit hash */
type KeyedRow = Omit<DayEventRow, 'visitorId'> & { visitor: number };

/** one breakdown dimension's column while the rows are read: a value number per event */
interface Column {
  name: BreakdownDimension;
  ids: Int32Array;
  dictionary: Dictionary;
}

/**
 * one card's raw events of one finished UTC day, held in columns of small numbers, so the figures of
 * any part of the day (a range that starts or ends inside it) are counted exactly without a query:
 * a dashboard's "last 30 days" starts inside a day that every read would otherwise merge again. a
 * visitor is held as the 53-bit hash of their id (busy-days.ts' visitorKey: 8 bytes where the id's
 * string takes about 50), as a busy day's outline holds them.
 */
export class DayEvents implements LinkClickers {
  private constructor(
    private readonly times: Float64Array,
    private readonly types: Uint8Array,
    private readonly signedIn: Uint8Array,
    private readonly visitors: Int32Array,
    /** per visitor number, the hash of the visitor's id */
    private readonly visitorKeys: Float64Array,
    private readonly typeNames: string[],
    /** per type id: its funnel step's index, -1 for none */
    private readonly stepOfType: Int8Array,
    /** per breakdown dimension: each event's value id, -1 where the dimension does not apply */
    private readonly dimensions: Array<{ name: BreakdownDimension; ids: Int32Array; values: string[] }>,
    /** where the events held start: a part that starts before it is not counted from them */
    readonly heldFrom: number,
  ) {}

  /** rows ascending by time, read from `heldFrom` on (the day's start, or later in a finished day) */
  static of(rows: readonly DayEventRow[], heldFrom = -Infinity): DayEvents {
    return DayEvents.ofRows(rows, (row) => visitorKey(row.visitorId), heldFrom);
  }

  /**
   * rows ascending by time, each visitor the hash `visitorOf` gives. a card's first read makes columns
   * of a few hundred thousand rows: the rows are read as they are, not copied into another shape first
   * (a copy by object spread took half of the time here)
   */
  private static ofRows<R extends Omit<DayEventRow, 'visitorId'>>(
    rows: readonly R[],
    visitorOf: (row: R) => number,
    heldFrom: number,
  ): DayEvents {
    const n = rows.length;
    const times = new Float64Array(n);
    const types = new Uint8Array(n);
    const signedIn = new Uint8Array(n);
    const visitors = new Int32Array(n);
    const typeDictionary = new Dictionary();
    const visitorDictionary = new Dictionary<number>();
    // the pairs the breakdown rollup writes: a view's dimensions, a link click's target
    const views: Array<Column & { field: (typeof VIEW_DIMENSIONS)[number][1] }> = VIEW_DIMENSIONS.map(
      ([name, field]) => ({ name, field, ids: new Int32Array(n).fill(-1), dictionary: new Dictionary() }),
    );
    const link: Column = { name: 'link', ids: new Int32Array(n).fill(-1), dictionary: new Dictionary() };
    for (let i = 0; i < n; i++) {
      const row = rows[i] as R;
      times[i] = row.ts;
      types[i] = typeDictionary.id(row.type);
      signedIn[i] = row.authenticated ? 1 : 0;
      visitors[i] = visitorDictionary.id(visitorOf(row));
      if (row.type === 'view') {
        for (const view of views) view.ids[i] = view.dictionary.id(row[view.field]);
      } else if (row.type === 'link_clicked') {
        link.ids[i] = link.dictionary.id(row.target);
      }
    }
    const stepOfType = Int8Array.from(typeDictionary.values, (type) =>
      STEPS.findIndex((step) => (FUNNEL_STEPS[step] as readonly string[]).includes(type)),
    );
    return new DayEvents(
      times,
      types,
      signedIn,
      visitors,
      Float64Array.from(visitorDictionary.values),
      typeDictionary.values,
      stepOfType,
      [...views, link].map(({ name, ids, dictionary }) => ({
        name,
        ids,
        values: dictionary.values,
      })),
      heldFrom,
    );
  }

  get size(): number {
    return this.times.length;
  }

  /**
   * these events and `later` (rows of the same day, in any order) as one, ascending by time: what
   * of() would make of all the rows, from the columns (a kept day need not keep its rows)
   */
  with(later: readonly DayEventRow[]): DayEvents {
    if (later.length === 0) return this;
    const rows: KeyedRow[] = [];
    const byName = new Map(this.dimensions.map((dimension) => [dimension.name, dimension]));
    const column = (name: BreakdownDimension, i: number): string => {
      const dimension = byName.get(name);
      const id = dimension ? (dimension.ids[i] as number) : -1;
      return id < 0 ? '' : (dimension?.values[id] as string);
    };
    for (let i = 0; i < this.times.length; i++) {
      rows.push({
        ts: this.times[i] as number,
        type: this.typeNames[this.types[i] as number] as string,
        visitor: this.visitorKeys[this.visitors[i] as number] as number,
        authenticated: this.signedIn[i] === 1,
        country: column('country', i),
        city: column('city', i),
        device: column('device', i),
        browser: column('browser', i),
        referrerHost: column('referrer_host', i),
        channel: column('channel', i),
        utmSource: column('utm_source', i),
        utmMedium: column('utm_medium', i),
        utmCampaign: column('utm_campaign', i),
        target: column('link', i),
      });
    }
    for (const row of later) rows.push({ ...row, visitor: visitorKey(row.visitorId) });
    rows.sort((a, b) => a.ts - b.ts);
    return DayEvents.ofRows(rows, (row) => row.visitor, this.heldFrom);
  }

  /** the figures of the events from `fromMs` to `toMs`, both included */
  figures(fromMs: number, toMs: number): DayFigures {
    return this.figuresOf(this.count(fromMs, toMs));
  }

  /**
   * the figures from `fromMs` to `toMs` over these events and `later`'s (the same day's events after
   * all of these): counts add up, and a visitor of both counts once per step
   */
  figuresWith(later: DayEvents, fromMs: number, toMs: number): DayFigures {
    const own = this.count(fromMs, toMs);
    const next = later.count(fromMs, toMs);
    const figures = this.figuresOf(own);
    const added = later.figuresOf(next);
    STEPS.forEach((step, s) => {
      const ownSeen = own.seen[s] as Uint8Array;
      (next.seen[s] as Uint8Array).forEach((seen, visitor) => {
        if (seen === 0) return;
        const known = this.visitorNumber(later.visitorKeys[visitor] as number);
        if (known < 0 || ownSeen[known] === 0) figures.stepVisitors[step]++;
      });
    });
    for (const row of added.byType) {
      const same = figures.byType.find((r) => r.type === row.type);
      if (same) {
        same.events += row.events;
        same.authenticated += row.authenticated;
      } else figures.byType.push(row);
    }
    for (const row of added.breakdowns) {
      const same = figures.breakdowns.find((r) => r.dimension === row.dimension && r.value === row.value);
      if (same) same.count += row.count;
      else figures.breakdowns.push(row);
    }
    return figures;
  }

  /**
   * per link target, the distinct visitors who clicked it from `fromMs` to the last event held: the
   * rest of the day a rolling range starts inside, counted without a query
   */
  linkClickersFrom(fromMs: number): Map<string, number> {
    const counts = new Map<string, number>();
    const link = this.dimensions.find((dimension) => dimension.name === 'link');
    if (!link) return counts;
    const clickers = link.values.map(() => new Set<number>());
    for (let i = countBelow(this.times, fromMs); i < this.times.length; i++) {
      const id = link.ids[i] as number;
      if (id >= 0) clickers[id]?.add(this.visitors[i] as number);
    }
    clickers.forEach((visitors, id) => {
      if (visitors.size > 0) counts.set(link.values[id] as string, visitors.size);
    });
    return counts;
  }

  /**
   * per funnel step (FUNNEL_STEPS' order), the visitors seen from `fromMs` to `toMs`, as their ids'
   * hashes (visitorKey)
   */
  stepVisitorKeys(fromMs: number, toMs: number): number[][] {
    const { seen } = this.count(fromMs, toMs);
    return STEPS.map((_, s) => {
      const keys: number[] = [];
      (seen[s] as Uint8Array).forEach((flag, visitor) => {
        if (flag === 1) keys.push(this.visitorKeys[visitor] as number);
      });
      return keys;
    });
  }

  /** the visitors' hashes sorted, with each one's number: made on first use (today's held part) */
  private byKey: { keys: Float64Array; numbers: Int32Array } | null = null;

  /** a visitor's number by the hash of their id, -1 when not among these events */
  private visitorNumber(key: number): number {
    if (!this.byKey) {
      const numbers = Int32Array.from(this.visitorKeys.keys());
      numbers.sort((a, b) => (this.visitorKeys[a] as number) - (this.visitorKeys[b] as number));
      this.byKey = { keys: Float64Array.from(numbers, (n) => this.visitorKeys[n] as number), numbers };
    }
    const { keys, numbers } = this.byKey;
    const at = countBelow(keys, key);
    return at < keys.length && keys[at] === key ? (numbers[at] as number) : -1;
  }

  /**
   * the last few counts, reused while a part covers the same events: a range's start moves by
   * moments, and a day a range starts inside is counted twice (the range's part and the part before)
   */
  private readonly recentCounts: Array<{ start: number; end: number; counted: Counted }> = [];

  private count(fromMs: number, toMs: number): Counted {
    const start = countBelow(this.times, fromMs);
    const end = countBelow(this.times, toMs + 1);
    const recent = this.recentCounts.find((entry) => entry.start === start && entry.end === end);
    if (recent) return recent.counted;
    const counted = this.countRows(start, end);
    this.recentCounts.unshift({ start, end, counted });
    if (this.recentCounts.length > 4) this.recentCounts.pop();
    return counted;
  }

  private countRows(start: number, end: number): Counted {
    const events = new Int32Array(this.typeNames.length);
    const signedIn = new Int32Array(this.typeNames.length);
    const seen = STEPS.map(() => new Uint8Array(this.visitorKeys.length));
    const stepVisitors = STEPS.map(() => 0);
    const counts = this.dimensions.map((dimension) => new Int32Array(dimension.values.length));
    for (let i = start; i < end; i++) {
      const type = this.types[i] as number;
      events[type]++;
      signedIn[type] += this.signedIn[i] as number;
      const step = this.stepOfType[type] as number;
      if (step >= 0) {
        const visitor = this.visitors[i] as number;
        const stepSeen = seen[step] as Uint8Array;
        if (stepSeen[visitor] === 0) {
          stepSeen[visitor] = 1;
          stepVisitors[step]++;
        }
      }
      for (let d = 0; d < this.dimensions.length; d++) {
        const id = (this.dimensions[d] as (typeof this.dimensions)[number]).ids[i] as number;
        if (id >= 0) (counts[d] as Int32Array)[id]++;
      }
    }
    return { events, signedIn, seen, stepVisitors, counts };
  }

  private figuresOf({ events, signedIn, stepVisitors, counts }: Counted): DayFigures {
    const figures: DayFigures = {
      byType: [],
      stepVisitors: Object.fromEntries(STEPS.map((step, s) => [step, stepVisitors[s]])) as Record<
        FunnelStepName,
        number
      >,
      breakdowns: [],
    };
    this.typeNames.forEach((type, t) => {
      if ((events[t] as number) > 0)
        figures.byType.push({ type, events: events[t] as number, authenticated: signedIn[t] as number });
    });
    this.dimensions.forEach((dimension, d) => {
      (counts[d] as Int32Array).forEach((count, id) => {
        if (count > 0)
          figures.breakdowns.push({
            dimension: dimension.name,
            value: dimension.values[id] as string,
            count,
          });
      });
    });
    return figures;
  }
}
