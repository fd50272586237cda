import type { DayEventRow, RecentWrites, TeamEventRow, TeamFiguresReader } from '../ports';
import { DAY, type TodayWindow } from './range-planner';
import { TeamDayEvents } from './team-day';
import type { TeamLayout } from './team-layout';

/** the reads of one kind for a team: one at a time, and those that arrive meanwhile share the next */
export class NextRead<T> {
  private running: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  read(start: () => Promise<T>): Promise<T> {
    if (!this.running) {
      this.running = start().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // a read under way may have started before what the caller must see was written: the next one
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.read(start);
      });
    return this.queued;
  }
}

/** today's events of a team since its held part, as read at the cards' write versions */
interface Tail {
  /** where they start: the held part's end when they were read */
  from: number;
  rows: TeamEventRow[];
  events: TeamDayEvents;
  /** per card, its write version then; null where other processes write too (nothing kept) */
  versions: Map<string, number> | null;
}

/** what the held part of today is and what it reads */
export interface TodayOptions {
  ttlMs: number;
  /** today's events held at most; beyond, the store counts today's parts */
  maxEvents: number;
}

/**
 * a team's today: its events up to the last ten-minute step that ended two minutes ago, held
 * (team-day.ts) and moved on step by step with the events of each new step; and the events since,
 * kept at the cards' write versions while the store writes nothing new for them, the rows a write
 * stores added from the write log, read again otherwise (on every read where other processes write).
 * the held part is read again whole after ttlMs, behind the reads, so an event that reaches it late
 * shows within that time; until then the part before answers.
 */
export class TeamToday {
  private held: { events: TeamDayEvents; readAt: number } | null = null;
  private tail: Tail | null = null;
  private heldRead: Promise<void> | null = null;
  private readonly tailReads = new NextRead<Tail | null>();
  /** the start of a today found too busy to hold, and until when that is believed */
  private tooBusy = -1;
  private tooBusyUntil = 0;

  constructor(
    private readonly layout: TeamLayout,
    private readonly reader: TeamFiguresReader,
    private readonly recent: RecentWrites,
    private readonly options: TodayOptions,
    private readonly clock: () => number,
  ) {}

  /** the events held now, for the cache's bound */
  get size(): number {
    return (this.held?.events.size ?? 0) + (this.tail?.rows.length ?? 0);
  }

  /**
   * the team's counts of a part of today (from the day's start to `to`, both included) from the held
   * events and those since; null where today has too many events to hold (the store counts it)
   */
  async count(window: TodayWindow, from: number, to: number): Promise<Float64Array | null> {
    for (let tries = 0; ; tries++) {
      const held = await this.heldPart(window);
      if (!held) return null;
      if (to < held.end) return held.count(from, to);
      const tail = await this.since(held);
      if (!tail) return null;
      if (tail.from === held.end) return held.countWith(tail.events, from, to);
      // the held part moved on meanwhile (some of the events since are held now): again, with it,
      // or by the store if it keeps moving
      if (tries >= 2) return null;
    }
  }

  private async heldPart(window: TodayWindow): Promise<TeamDayEvents | null> {
    const now = this.clock();
    if (this.held && this.held.events.start !== window.start) {
      this.held = null;
      this.tail = null;
    }
    if (this.tooBusy === window.start && now < this.tooBusyUntil) return null;
    const current = this.held;
    if (!current) {
      // one read of the held part at a time, joined: what it misses, the events since hold
      await this.readHeldOnce(() => this.readHeld(window));
      return this.held?.events ?? null;
    }
    const { events, readAt } = current;
    // behind the reads: the part read again whole once its time is up, or moved on to the step
    if (readAt + this.options.ttlMs <= now)
      void this.readHeldOnce(() => this.readHeld(window)).catch(() => undefined);
    else if (events.end < window.cutoff)
      void this.readHeldOnce(() => this.moveOn(events, window.cutoff)).catch(() => undefined);
    return events;
  }

  private readHeldOnce(read: () => Promise<void>): Promise<void> {
    this.heldRead ??= read().finally(() => {
      this.heldRead = null;
    });
    return this.heldRead;
  }

  private async readHeld(window: TodayWindow): Promise<void> {
    const readAt = this.clock();
    const rows =
      window.cutoff > window.start ? await this.readRows({ from: window.start, to: window.cutoff - 1 }) : [];
    if (!rows) {
      this.held = null;
      this.tooBusy = window.start;
      this.tooBusyUntil = readAt + this.options.ttlMs;
      return;
    }
    this.held = { events: await TeamDayEvents.build(this.layout, window.start, window.cutoff, rows), readAt };
    this.dropTailBefore(window.cutoff);
  }

  /** the held part with the events of the steps since it ended, up to the cutoff */
  private async moveOn(events: TeamDayEvents, cutoff: number): Promise<void> {
    const rows = await this.readRows({ from: events.end, to: cutoff - 1 });
    if (!rows || events.size + rows.length > this.options.maxEvents) {
      this.held = null;
      this.tooBusy = events.start;
      this.tooBusyUntil = this.clock() + this.options.ttlMs;
      return;
    }
    events.append(rows, cutoff);
    this.dropTailBefore(cutoff);
  }

  /** the kept events since, from a later start: those before it are held now */
  private dropTailBefore(from: number): void {
    const tail = this.tail;
    if (!tail || tail.from >= from) return;
    const rows = tail.rows.filter((row) => row.ts >= from);
    const dayEnd = this.held ? this.held.events.start + DAY : from;
    this.tail = { ...tail, from, rows, events: TeamDayEvents.of(this.layout, from, dayEnd, rows) };
  }

  private async readRows(range: { from: number; to: number }): Promise<TeamEventRow[] | null> {
    const [rows = []] = await this.reader.teamRawEvents(
      [...this.layout.cards],
      [{ from: new Date(range.from), to: new Date(range.to) }],
      this.options.maxEvents,
    );
    return rows.length > this.options.maxEvents ? null : rows;
  }

  /** today's events since the held part, kept, added to from the write log, or read */
  private async since(held: TeamDayEvents): Promise<Tail | null> {
    const kept = this.tail;
    const cards = this.layout.cards;
    if (kept && kept.from === held.end && kept.versions) {
      const added: TeamEventRow[] = [];
      const versions = new Map(kept.versions);
      let known = true;
      for (const card of cards) {
        const version = this.recent.writeVersion(card);
        const before = kept.versions.get(card);
        if (version === null || before === undefined) {
          known = false;
          break;
        }
        if (version === before) continue;
        const rows = this.recent.writtenSince(card, before);
        if (!rows) {
          known = false;
          break;
        }
        versions.set(card, version);
        for (const row of rows) added.push(rowOf(card, row));
      }
      if (known) {
        if (added.length === 0) return kept;
        const dayEnd = held.start + DAY;
        const rows = [...kept.rows, ...added.filter((row) => row.ts >= held.end && row.ts < dayEnd)];
        rows.sort((a, b) => a.ts - b.ts);
        if (rows.length > this.options.maxEvents) return null;
        this.tail = {
          from: held.end,
          rows,
          events: TeamDayEvents.of(this.layout, held.end, dayEnd, rows),
          versions,
        };
        return this.tail;
      }
    }
    return this.tailReads.read(() => this.readTail(held));
  }

  private async readTail(held: TeamDayEvents): Promise<Tail | null> {
    // the versions are taken before the read: a write during it makes what is read stale
    const versions = new Map<string, number>();
    let writing = false;
    for (const card of this.layout.cards) {
      const version = this.recent.writeVersion(card);
      if (version !== null) versions.set(card, version);
      writing ||= this.recent.writing(card);
    }
    const dayEnd = held.start + DAY;
    const rows = await this.readRows({ from: held.end, to: dayEnd - 1 });
    if (!rows) return null;
    const unchanged =
      !writing &&
      versions.size === this.layout.cards.length &&
      this.layout.cards.every(
        (card) => this.recent.writeVersion(card) === versions.get(card) && !this.recent.writing(card),
      );
    const tail: Tail = {
      from: held.end,
      rows,
      events: TeamDayEvents.of(this.layout, held.end, dayEnd, rows),
      versions: unchanged ? versions : null,
    };
    // kept only when no write ended or ran meanwhile, and only where the versions are known
    if (unchanged) this.tail = tail;
    return tail;
  }
}

function rowOf(profileId: string, row: DayEventRow): TeamEventRow {
  return { ...row, profileId };
}
