import { LruCache } from '../lru-cache';
import type { FiguresReader, RecentWrites, TeamDayFigures, TimeRange } from '../ports';
import { dayStart, planDays, todayWindow, utcDay, wholeDay, wholeDaysOf, DAY } from './range-planner';
import { summaryResponse, UNIQUES_EXACT_BELOW, type LinkOwner } from './response-assembler';
import { TeamBlocks } from './team-blocks';
import { TeamLinksAndZones } from './team-links-and-zones';
import { TeamDayEvents } from './team-day';
import { TeamLayout, UNIQUES, addVector, teamKey } from './team-layout';
import { emptySummary, type SummaryFrame, type TeamCardRow, type TeamSummary } from './team-merge';
import { periodOf, TeamState, type Period } from './team-state';
import { TeamToday } from './team-today';
import { UTC } from './zone';

export interface TeamCacheOptions {
  /** how long a finished day's figures and events are used before they are read again (behind the reads) */
  ttlMs: number;
  /** a team's day with more events than this is not held: the store counts its parts on each read */
  maxEventsPerDay: number;
  /** events held over every team, the least recently read team let go first */
  maxEvents: number;
  /** numbers of finished days held over every team (8 bytes each) */
  maxNumbers: number;
}

/**
 * a held finished day of a thousand cards' 111 000 events took 6.9 MB (measured: 50 bytes an event, and
 * the sums at each hour, 1.4 MB for its 7 000 columns); today's, which still grows, up to twice that.
 * 1 million events hold the days a dashboard of a thousand cards of 10 million events holds (about
 * 430 000) twice over, about 70 MB. a finished day is a number a card and column: 12 M numbers (96 MB)
 * hold the 180 days of 90 and the 90 before of about nine such teams
 */
export const DEFAULT_TEAM_CACHE: TeamCacheOptions = {
  ttlMs: 10 * 60_000,
  maxEventsPerDay: 400_000,
  maxEvents: 1_000_000,
  maxNumbers: 12_000_000,
};

/** a team's columns beyond its cards' own (values and link targets): 50 000 are 400 KB a day held */
const MAX_VALUE_COLUMNS = 50_000;

/** a part of a period counted: per UTC day its columns, and the most distinct visitors estimated */
type Counted = { days: Array<[string, Float64Array]>; largest: number };

/**
 * a team's figures: a range over many cards, as fast as one card's. visitor ids are per card and UTC
 * day, so the team's figures of a day are the cards' figures added up, and a range's are its days'.
 * finished days are read once for all the cards (one query) and kept as a row of numbers each; the
 * days a range starts inside and today are held as the team's events (team-day.ts), so a range that
 * moves with the clock is counted exactly without a query; what neither holds, the store counts.
 * a warm summary of 90 days is a sum of 180 rows and four counts of held events.
 */
export class TeamFiguresSource {
  /** in recency order: the least recently read team first */
  private readonly teams = new Map<string, TeamState>();
  private readonly blocks = new TeamBlocks();
  /** the cards as last asked (joined), to their team's key */
  private readonly keys = new LruCache<string, string>(64);
  private readonly extras: TeamLinksAndZones;

  constructor(
    private readonly reader: FiguresReader,
    private readonly recent: RecentWrites,
    private readonly options: TeamCacheOptions = DEFAULT_TEAM_CACHE,
    private readonly clock: () => number = Date.now,
  ) {
    this.extras = new TeamLinksAndZones(reader, recent, options.ttlMs, clock);
  }

  /** a card's kept figures go when its analytics are erased: every team holding it is read again */
  forget(profileId: string): void {
    for (const [key, state] of this.teams) if (state.layout.card(profileId) >= 0) this.teams.delete(key);
  }

  async summary(
    cards: ReadonlyArray<{ profileId: string; linkOwners: LinkOwner[] }>,
    frame: SummaryFrame,
  ): Promise<TeamSummary> {
    const owners = new Map<string, LinkOwner[]>();
    for (const card of cards) if (!owners.has(card.profileId)) owners.set(card.profileId, card.linkOwners);
    if (owners.size === 0) return { summary: emptySummary(frame), cards: [] };
    const ids = [...owners.keys()];
    const state = this.stateOf(ids);
    const timeZone = frame.timeZone ?? UTC;
    const [[current, previous], linkVisitors, zoneSeries] = await Promise.all([
      frame.granularity === 'day' ? this.daily(state, frame) : this.hourly(state, frame),
      frame.linesOnly
        ? new Map<string, number>()
        : this.extras.linkVisitors(state.layout.key, ids, frame.range, (start) => {
            const entry = state.held.get(utcDay(start));
            return entry && this.clock() < entry.readAt + 2 * this.options.ttlMs ? entry.events : null;
          }),
      timeZone === UTC || frame.linesOnly
        ? null
        : this.extras.zoneSeries(state.layout.key, ids, frame.range, frame.granularity, timeZone),
    ]);
    this.trim();
    const { layout } = state;
    const now = layout.read(current.vector);
    const then = layout.read(previous.vector, false);
    // each card's links get their distinct clickers, and the team's targets the sum of its cards'
    const targetVisitors = new Map<string, number>();
    layout.cards.forEach((profileId, i) => {
      for (const link of now.cardLinks[i] ?? []) {
        link.uniqueClicks = linkVisitors.get(`${profileId}\n${link.target}`) ?? 0;
        targetVisitors.set(link.target, (targetVisitors.get(link.target) ?? 0) + link.uniqueClicks);
      }
    });
    const summary = summaryResponse(
      {
        ...frame,
        current: now.figures,
        previous: then.figures,
        breakdowns: now.breakdowns,
        series: zoneSeries ?? current.series,
        linkVisitors: targetVisitors,
      },
      [],
    );
    summary.clicksByBlock = this.blocks.clicks(
      layout.cards.map((profileId, i) => ({
        profileId,
        owners: owners.get(profileId) ?? [],
        links: now.cardLinks[i] ?? [],
      })),
      summary.totalVisits,
    );
    const largest = Math.max(current.largest, previous.largest);
    summary.uniqueVisitorsAccuracy.exact = largest < UNIQUES_EXACT_BELOW;
    // the team's cards are numbered as first asked; the lines follow the order asked now
    const asked = [...owners.keys()];
    if (asked.every((profileId, i) => layout.cards[i] === profileId)) return { summary, cards: now.cards };
    const lines = new Map(now.cards.map((row) => [row.profileId, row]));
    return { summary, cards: asked.map((profileId) => lines.get(profileId) as TeamCardRow) };
  }

  private stateOf(cards: string[]): TeamState {
    // the cards as asked name their team without sorting and hashing them again
    const asked = cards.join('\n');
    const key = this.keys.get(asked) ?? teamKey(cards);
    this.keys.set(asked, key);
    let state = this.teams.get(key);
    if (state) this.teams.delete(key);
    else {
      const layout = new TeamLayout(cards, key);
      const today = new TeamToday(
        layout,
        this.reader,
        this.recent,
        { ttlMs: this.options.ttlMs, maxEvents: this.options.maxEventsPerDay },
        this.clock,
      );
      state = new TeamState(layout, today);
    }
    // re-inserted: the map's order is the recency order
    this.teams.set(key, state);
    return state;
  }

  /** both periods by day: finished days kept, the parts of days counted from held events or by the store */
  private async daily(state: TeamState, frame: SummaryFrame): Promise<Period[]> {
    const now = this.clock();
    const plans = [planDays(frame.range, now), planDays(frame.before, now)];
    // at once: while the store counts one, the answer of another is parsed
    const [, counted] = await Promise.all([
      this.readDays(state, wholeDaysOf(plans), now),
      this.countParts(
        state,
        plans.flatMap((plan) => plan.partials),
        now,
      ),
    ]);
    let next = 0;
    return plans.map((plan) => {
      const whole = state.wholeDays(plan.wholeDays);
      const days: Array<[string, Float64Array]> = [];
      let largest = whole.largest;
      for (let i = 0; i < plan.partials.length; i++) {
        const part = counted[next++] as Counted;
        days.push(...part.days);
        largest = Math.max(largest, part.largest);
      }
      const period = periodOf(state.layout, days, largest);
      addVector(period.vector, whole.vector);
      period.series.push(...whole.series);
      period.series.sort((a, b) => a.bucket.getTime() - b.bucket.getTime());
      return period;
    });
  }

  /** hourly ranges (two days at most): the store counts both periods and the series, every read */
  private async hourly(state: TeamState, frame: SummaryFrame): Promise<Period[]> {
    const cards = [...state.layout.cards];
    const figures = await this.reader.teamDailyFigures(cards, [frame.range, frame.before]);
    const series = await this.reader.teamSeries(cards, frame.range, 'hour');
    return [0, 1].map((segment) => {
      const days = [...(figures.get(segment) ?? [])];
      const period = periodOf(
        state.layout,
        days.map(([day, f]) => [day, state.layout.vectorOf(f)]),
        Math.max(0, ...days.map(([, f]) => f.largestCardUniques)),
      );
      // a card's visitors of two days are its two days' added up: the per-card counts tell the largest
      for (const card of state.layout.cards.keys())
        period.largest = Math.max(period.largest, period.vector[state.layout.cardColumn(card, UNIQUES)] ?? 0);
      return segment === 0 ? { ...period, series } : period;
    });
  }

  /**
   * the finished days not kept (or kept too long ago) read for all the cards in one query, from the
   * first to the last of them; a day kept but due is read again behind the reads, which use it meanwhile
   */
  private async readDays(state: TeamState, days: string[], now: number): Promise<void> {
    const usable = (day: string) => {
      const entry = state.days.get(day);
      return entry !== undefined && now < entry.readAt + 2 * this.options.ttlMs;
    };
    const due = days.filter((day) => {
      const entry = state.days.get(day);
      return !state.dayReads.has(day) && (!entry || entry.readAt + this.options.ttlMs <= now);
    });
    if (due.length > 0) {
      const first = due.reduce((a, b) => (a < b ? a : b));
      const last = due.reduce((a, b) => (a > b ? a : b));
      const span: TimeRange = {
        from: new Date(`${first}T00:00:00.000Z`),
        to: new Date(Date.parse(`${last}T00:00:00.000Z`) + DAY - 1),
      };
      const read = this.reader.teamDailyFigures([...state.layout.cards], [span]).then((figures) => {
        const byDay = figures.get(0) ?? new Map<string, TeamDayFigures>();
        for (let t = span.from.getTime(); t <= span.to.getTime(); t += DAY) {
          const day = utcDay(t);
          const f = byDay.get(day);
          state.days.set(day, {
            readAt: now,
            vector: f ? state.layout.vectorOf(f) : new Float64Array(0),
            largest: f?.largestCardUniques ?? 0,
          });
        }
      });
      const done = read.finally(() => {
        for (const day of due) if (state.dayReads.get(day) === done) state.dayReads.delete(day);
      });
      for (const day of due) state.dayReads.set(day, done);
      // a failed read behind the reads is tried again by the next read that finds the day due
      done.catch(() => undefined);
    }
    await Promise.all(days.filter((day) => !usable(day)).map((day) => state.dayReads.get(day)));
  }

  /**
   * each part of a period (within a day, or a span the store counts): a finished day's from its held
   * events, today's from today's held events and those since, the rest by the store, in one query
   */
  private async countParts(state: TeamState, parts: TimeRange[], now: number): Promise<Counted[]> {
    const window = todayWindow(now);
    const kept = this.reader.rawKeptSince()?.getTime() ?? -Infinity;
    const counted = await Promise.all(
      parts.map(async (part): Promise<Counted | null> => {
        const from = part.from.getTime();
        const to = part.to.getTime();
        const start = dayStart(from);
        if (start !== dayStart(to) || start > window.start || start < kept) return null;
        const events =
          start === window.start
            ? await state.today.count(window, from, to)
            : ((await this.heldDay(state, start, now))?.count(from, to) ?? null);
        return events ? { days: [[utcDay(start), events]], largest: 0 } : null;
      }),
    );
    const left = parts.filter((_, i) => !counted[i]);
    if (left.length === 0) return counted as Counted[];
    const figures = await this.reader.teamDailyFigures([...state.layout.cards], left);
    let n = 0;
    return counted.map((part) => {
      if (part) return part;
      const days = [...(figures.get(n++) ?? [])];
      return {
        days: days.map(([day, f]) => [day, state.layout.vectorOf(f)]),
        largest: Math.max(0, ...days.map(([, f]) => f.largestCardUniques)),
      };
    });
  }

  /** a finished day's events, held; null when it has too many (the store counts it) */
  private async heldDay(state: TeamState, start: number, now: number): Promise<TeamDayEvents | null> {
    const key = utcDay(start);
    const entry = state.held.get(key);
    // a finished day's read under way is joined: what it reads is as new as a read started now
    const load = () => {
      let read = state.heldReads.get(key);
      if (!read) {
        read = this.readHeldDay(state, start).finally(() => state.heldReads.delete(key));
        state.heldReads.set(key, read);
      }
      return read;
    };
    if (entry && now < entry.readAt + 2 * this.options.ttlMs) {
      if (entry.readAt + this.options.ttlMs <= now) void load().catch(() => undefined);
      return entry.events;
    }
    await load();
    return state.held.get(key)?.events ?? null;
  }

  private async readHeldDay(state: TeamState, start: number): Promise<void> {
    const readAt = this.clock();
    const limit = this.options.maxEventsPerDay;
    const [rows = []] = await this.reader.teamRawEvents([...state.layout.cards], [wholeDay(start)], limit);
    const events =
      rows.length > limit ? null : (await TeamDayEvents.build(state.layout, start, start + DAY, rows)).seal();
    state.held.set(utcDay(start), { readAt, events });
  }

  /** the least recently read teams let go while the events or numbers held pass their bounds */
  private trim(): void {
    const now = this.clock();
    let events = 0;
    let numbers = 0;
    for (const state of this.teams.values()) {
      // what is past its time even behind the reads is let go
      for (const [day, entry] of state.days)
        if (entry.readAt + 2 * this.options.ttlMs <= now) state.days.delete(day);
      for (const [day, entry] of state.held)
        if (entry.readAt + 2 * this.options.ttlMs <= now) state.held.delete(day);
      events += state.events;
      numbers += state.numbers;
    }
    for (const [key, state] of this.teams) {
      // a team read all day, every day, keeps a column for every referrer and link it has ever seen;
      // past the bound it is read again, with the columns of the days it reads then
      const tooWide = state.layout.valueColumns > MAX_VALUE_COLUMNS;
      const over = events > this.options.maxEvents || numbers > this.options.maxNumbers;
      if (!tooWide && (!over || this.teams.size <= 1)) continue;
      events -= state.events;
      numbers -= state.numbers;
      this.teams.delete(key);
    }
  }
}
