import { EventLoopSlices } from '../event-loop';
import { FUNNEL_STEPS, VIEW_DIMENSIONS, type FunnelStepName, type TeamEventRow } from '../ports';
import { visitorKey } from './busy-days';
import { HOUR } from './range-planner';
import { countBelow } from './sorted-times';
import { MESSAGES, SAVES, TeamLayout, UNIQUES, VISITS, addVector } from './team-layout';

const STEPS = Object.keys(FUNNEL_STEPS) as FunnelStepName[];
/** rows added between two looks at the clock while a day is built */
const BUILD_SLICE = 2048;
const STEP_OF_TYPE = new Map<string, number>(
  STEPS.flatMap((step, s) => (FUNNEL_STEPS[step] as readonly string[]).map((type) => [type, s] as const)),
);
const VIEWED = STEPS.indexOf('viewed');
const CARD_COLUMN_OF_TYPE = new Map([
  ['view', VISITS],
  ['vcard_saved', SAVES],
  ['message_sent', MESSAGES],
]);

/** a typed array that grows as values are pushed */
class Growing<T extends Float64Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Int8Array<ArrayBuffer>> {
  length = 0;
  constructor(
    public values: T,
    private readonly make: (size: number) => T,
  ) {}

  push(value: number): void {
    if (this.length === this.values.length) {
      const next = this.make(Math.max(16, this.values.length * 2));
      next.set(this.values);
      this.values = next;
    }
    this.values[this.length++] = value;
  }

  /** no room left beyond the values: up to half of a grown array is room */
  trim(): void {
    if (this.values.length > this.length) this.values = this.values.slice(0, this.length) as T;
  }
}
const floats = () => new Growing(new Float64Array(0), (n) => new Float64Array(n));
const ints = () => new Growing(new Int32Array(0), (n) => new Int32Array(n));
const bytes = () => new Growing(new Int8Array(0), (n) => new Int8Array(n));

/** per funnel step, the distinct visitors of the held events: each one's card, first and last event */
class StepVisitors {
  readonly card = ints();
  readonly first = floats();
  readonly last = floats();
  readonly keys = floats();
  /** a visitor's number by the hash of their card and id; let go once no event will be added */
  byKey = new Map<number, number>();

  trim(): void {
    for (const values of [this.card, this.first, this.last, this.keys]) values.trim();
    this.byKey = new Map();
  }
}

/**
 * one UTC day of a team's raw events (or today up to a moment), held as the columns each event adds
 * one to (team-layout.ts), with the sums at each whole hour, so any part of the day is counted without
 * a query and without going over the day's events: the whole hours inside the part are one subtraction
 * of two sums, only the events of the hours it starts or ends inside are gone over. distinct visitors
 * are each visitor's first and last event per step: a part that starts at the day's start holds a
 * visitor when their first event is in it, one that ends at the held events' end when their last is.
 * a team's dashboard starts its ranges inside a day and reads today: these are the days it reads.
 */
export class TeamDayEvents {
  private readonly times = floats();
  /** the columns of event i are columns[starts[i]] up to columns[starts[i + 1]] */
  private readonly starts = ints();
  private readonly columns = ints();
  /** per event, its visitor's number in its step (-1: a type of no step) and its step */
  private readonly visitorOf = ints();
  private readonly stepOf = bytes();
  /** the sums of the events before each whole hour from the start (index 0: nothing) */
  private readonly hourSums: Float64Array[] = [new Float64Array(0)];
  private running: Float64Array = new Float64Array(0);
  private readonly visitors = STEPS.map(() => new StepVisitors());
  /** where the held events end (exclusive): more may be appended up to a later end */
  private heldEnd: number;
  /**
   * per link column (a card's target), its clickers' last clicks by visitor: a part that ends at the
   * held end holds a clicker when their last click is in it
   */
  private readonly linkClickers = new Map<number, Map<number, number>>();

  private constructor(
    private readonly layout: TeamLayout,
    /** the day's start */
    readonly start: number,
  ) {
    this.heldEnd = start;
    this.starts.push(0);
  }

  /** the events from `start` to `end` (exclusive), in time order */
  static of(layout: TeamLayout, start: number, end: number, rows: readonly TeamEventRow[]): TeamDayEvents {
    const day = new TeamDayEvents(layout, start);
    day.append(rows, end);
    return day;
  }

  /**
   * as of(), a slice of rows at a time: a team's day is a hundred thousand events and more, and the
   * process that reads it answers the cards' visitors too
   */
  static async build(
    layout: TeamLayout,
    start: number,
    end: number,
    rows: readonly TeamEventRow[],
  ): Promise<TeamDayEvents> {
    const day = new TeamDayEvents(layout, start);
    const slices = new EventLoopSlices();
    for (let i = 0; i < rows.length; i += BUILD_SLICE) {
      day.add(rows.slice(i, i + BUILD_SLICE), end);
      if (slices.due()) await slices.pause();
    }
    day.append([], end);
    return day;
  }

  /**
   * no event will be added (a finished day): the arrays lose their room to grow and the visitors'
   * index goes, about half of what a day held while it was read
   */
  seal(): this {
    for (const values of [this.times, this.starts, this.columns, this.visitorOf, this.stepOf]) values.trim();
    for (const visitors of this.visitors) visitors.trim();
    this.sealed = true;
    return this;
  }

  private sealed = false;

  get size(): number {
    return this.times.length;
  }

  /** where the held events end (exclusive) */
  get end(): number {
    return this.heldEnd;
  }

  /** events after the held ones (from `end` to `until`, exclusive), in time order */
  append(rows: readonly TeamEventRow[], until: number): void {
    if (this.sealed) throw new Error('a sealed day takes no more events');
    this.add(rows, until);
    this.closeHoursBefore(until);
    this.heldEnd = Math.max(this.heldEnd, until);
  }

  /** the rows from the held end to `until` (exclusive), the held end left where it is */
  private add(rows: readonly TeamEventRow[], until: number): void {
    const layout = this.layout;
    for (const row of rows) {
      if (row.ts < this.heldEnd || row.ts >= until) continue;
      const card = layout.card(row.profileId);
      if (card < 0) continue;
      this.closeHoursBefore(row.ts);
      const columns = [layout.events(row.type)];
      if (row.authenticated) columns.push(layout.signedIn(row.type));
      const own = CARD_COLUMN_OF_TYPE.get(row.type);
      if (own !== undefined) columns.push(layout.cardColumn(card, own));
      if (row.type === 'view') {
        for (const [dimension, field] of VIEW_DIMENSIONS)
          columns.push(layout.breakdown(dimension, row[field]));
      } else if (row.type === 'link_clicked') {
        const link = layout.link(card, row.target);
        columns.push(link);
        let clickers = this.linkClickers.get(link);
        if (!clickers) this.linkClickers.set(link, (clickers = new Map()));
        clickers.set(visitorKey(`${card}\u0000${row.visitorId}`), row.ts);
      }
      if (this.running.length < layout.width) this.running = grown(this.running, layout.width);
      for (const column of columns) {
        this.columns.push(column);
        this.running[column] = (this.running[column] as number) + 1;
      }
      this.starts.push(this.columns.length);
      this.times.push(row.ts);
      const step = STEP_OF_TYPE.get(row.type) ?? -1;
      this.stepOf.push(step);
      this.visitorOf.push(step < 0 ? -1 : this.sawVisitor(step, card, row));
    }
  }

  /**
   * per card and target clicked (`card\ntarget`), the distinct visitors who clicked it from `from`
   * to the held end: the part of a day a range starts inside, counted without a query
   */
  linkClickersFrom(from: number): Map<string, number> {
    const counts = new Map<string, number>();
    for (const [column, clickers] of this.linkClickers) {
      let n = 0;
      for (const last of clickers.values()) if (last >= from) n++;
      const link = n > 0 ? this.layout.linkOf(column) : null;
      if (link) counts.set(`${this.layout.cards[link.card]}\n${link.target}`, n);
    }
    return counts;
  }

  /** the visitor's number in the step, made on first sight; their last event moves on */
  private sawVisitor(step: number, card: number, row: TeamEventRow): number {
    const visitors = this.visitors[step] as StepVisitors;
    const key = visitorKey(`${card}\u0000${row.visitorId}`);
    let n = visitors.byKey.get(key);
    if (n === undefined) {
      n = visitors.card.length;
      visitors.byKey.set(key, n);
      visitors.card.push(card);
      visitors.first.push(row.ts);
      visitors.last.push(row.ts);
      visitors.keys.push(key);
    } else visitors.last.values[n] = row.ts;
    return n;
  }

  /** the sums at each whole hour up to `ts` not made yet: what the events so far add up to */
  private closeHoursBefore(ts: number): void {
    while (this.start + this.hourSums.length * HOUR <= ts)
      this.hourSums.push(this.running.slice(0, this.layout.width));
  }

  /**
   * the team's figures of the events from `from` to `to` (both included), as the layout's columns.
   * a part inside the day that neither starts at the start nor ends at the held end has its visitors
   * counted by going over its events
   */
  count(from: number, to: number): Float64Array {
    const a = Math.max(from, this.start);
    const b = Math.min(to + 1, this.heldEnd);
    // a range's start moves by moments, and an event comes a second or so at the most: the part holds
    // the same events as a read a moment ago, whose counts are used again (a copy: callers add to it)
    const times = this.times.values.subarray(0, this.times.length);
    const key = `${countBelow(times, a)}:${countBelow(times, b)}:${a <= this.start}:${b >= this.heldEnd}`;
    const recent = this.recentCounts.find((entry) => entry.key === key && entry.size === this.size);
    if (recent) return this.widened(recent.counts);
    const counts = this.countAnew(a, b);
    this.recentCounts.unshift({ key, size: this.size, counts });
    if (this.recentCounts.length > 4) this.recentCounts.pop();
    return this.widened(counts);
  }

  /**
   * a copy as wide as the layout is now: counts made before a column was added are as short as the
   * layout was then, and a caller adding later events' counts to them (countWith) would lose every
   * column added since (a typed array drops what is written past its end)
   */
  private widened(counts: Float64Array): Float64Array {
    const copy = new Float64Array(Math.max(counts.length, this.layout.width));
    copy.set(counts);
    return copy;
  }

  private readonly recentCounts: Array<{ key: string; size: number; counts: Float64Array }> = [];

  private countAnew(a: number, b: number): Float64Array {
    const counts = new Float64Array(this.layout.width);
    if (a >= b) return counts;
    const firstWhole = Math.ceil((a - this.start) / HOUR);
    const lastWhole = Math.min(Math.floor((b - this.start) / HOUR), this.hourSums.length - 1);
    if (firstWhole < lastWhole) {
      addVector(counts, this.hourSums[lastWhole] as Float64Array);
      addVector(counts, this.hourSums[firstWhole] as Float64Array, -1);
      this.addEvents(counts, a, this.start + firstWhole * HOUR);
      this.addEvents(counts, this.start + lastWhole * HOUR, b);
    } else this.addEvents(counts, a, b);
    this.addVisitors(counts, a, b);
    return counts;
  }

  /** the events from a to b (exclusive), one by one */
  private addEvents(counts: Float64Array, a: number, b: number): void {
    const times = this.times.values.subarray(0, this.times.length);
    const first = countBelow(times, a);
    const end = countBelow(times, b);
    const starts = this.starts.values;
    const columns = this.columns.values;
    for (let i = first; i < end; i++)
      for (let c = starts[i] as number; c < (starts[i + 1] as number); c++)
        counts[columns[c] as number] = (counts[columns[c] as number] as number) + 1;
  }

  private addVisitors(counts: Float64Array, a: number, b: number): void {
    const prefix = a <= this.start;
    const suffix = b >= this.heldEnd;
    if (!prefix && !suffix) {
      this.addVisitorsOfEvents(counts, a, b);
      return;
    }
    const layout = this.layout;
    STEPS.forEach((step, s) => {
      const visitors = this.visitors[s] as StepVisitors;
      const first = visitors.first.values;
      const last = visitors.last.values;
      const cards = visitors.card.values;
      let n = 0;
      for (let v = 0; v < visitors.card.length; v++) {
        if ((prefix || (last[v] as number) >= a) && (suffix || (first[v] as number) < b)) {
          n++;
          if (s === VIEWED) {
            const column = layout.cardColumn(cards[v] as number, UNIQUES);
            counts[column] = (counts[column] as number) + 1;
          }
        }
      }
      const column = layout.step(step);
      counts[column] = (counts[column] ?? 0) + n;
    });
  }

  /** the distinct visitors of the events from a to b (exclusive), for a part inside the day */
  private addVisitorsOfEvents(counts: Float64Array, a: number, b: number): void {
    const times = this.times.values.subarray(0, this.times.length);
    const seen = this.visitors.map((visitors) => new Uint8Array(visitors.card.length));
    for (let i = countBelow(times, a); i < countBelow(times, b); i++) {
      const step = this.stepOf.values[i] as number;
      if (step < 0) continue;
      const visitor = this.visitorOf.values[i] as number;
      const marks = seen[step] as Uint8Array;
      if (marks[visitor] === 1) continue;
      marks[visitor] = 1;
      counts[this.layout.step(STEPS[step] as FunnelStepName)]++;
      if (step === VIEWED) {
        const card = (this.visitors[step] as StepVisitors).card.values[visitor] as number;
        counts[this.layout.cardColumn(card, UNIQUES)]++;
      }
    }
  }

  /**
   * counts of a part made of these events (up to their end) and `later` (events after them, from
   * their end on): counts add up, and a visitor of both counts once per step
   */
  countWith(later: TeamDayEvents, from: number, to: number): Float64Array {
    const counts = this.count(from, to);
    addVector(counts, later.count(from, to));
    const a = Math.max(from, later.start);
    const b = Math.min(to + 1, later.heldEnd);
    if (a >= b) return counts;
    STEPS.forEach((step, s) => {
      const mine = this.visitors[s] as StepVisitors;
      const theirs = later.visitors[s] as StepVisitors;
      for (let v = 0; v < theirs.card.length; v++) {
        if ((theirs.first.values[v] as number) >= b || (theirs.last.values[v] as number) < a) continue;
        // counted among these too: these events end where the later ones start, so the part holds
        // the visitor here when their last event here is in it
        const m = mine.byKey.get(theirs.keys.values[v] as number);
        if (m === undefined || (mine.last.values[m] as number) < from) continue;
        counts[this.layout.step(step)]--;
        if (s === VIEWED) counts[this.layout.cardColumn(theirs.card.values[v] as number, UNIQUES)]--;
      }
    });
    return counts;
  }
}

function grown(vector: Float64Array, width: number): Float64Array {
  const next = new Float64Array(Math.max(width, vector.length * 2));
  next.set(vector);
  return next;
}
