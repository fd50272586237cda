import { dayEventOf, visitOf, type EventRows, type WrittenEvent } from '../../enrichment/event-rows';
import type { DayEventRow, RecentWrites, VisitRow } from '../../ports';
import { madeAfter } from './batch-made-after';

/** cards whose write version is remembered (the most recently written) */
const WRITE_VERSION_CARDS = 100_000;
/** batch ids remembered as stored */
const STORED_BATCHES = 5000;

/** how much of the recent writes the log holds */
export interface WriteLogBounds {
  /** a card's last writes whose rows are held */
  entriesPerCard: number;
  /** rows held for longer are let go: a read that needs them reads the store */
  maxAgeMs: number;
  /**
   * rows held over every card at most, the oldest let go first: at a high rate of views the age alone
   * would let the log hold a minute of every view, each of them outliving the young collections
   */
  maxEvents: number;
}

export const DEFAULT_WRITE_LOG_BOUNDS: WriteLogBounds = {
  entriesPerCard: 64,
  maxAgeMs: 60_000,
  maxEvents: 100_000,
};

/** the rows a write stored for a card */
export interface WrittenRows {
  events: WrittenEvent[];
}

interface WriteLogEntry {
  version: number;
  /** the card's version before this write */
  after: number;
  /** the rows written; null when not known (an erase, a failed insert) */
  rows: WrittenRows | null;
  at: number;
  /** let go of already (the card's log passed its bound): its rows no longer count */
  gone?: boolean;
}

const sizeOf = (entry: WriteLogEntry): number => entry.rows?.events.length ?? 0;

/**
 * what this process wrote to the embedded store lately, which one process holds, so it sees every
 * write: per card (the most recently written), the version of its last write and its last writes'
 * rows, newest last. withWriteLog records the store's writes in it as they run.
 */
export class EmbeddedWriteLog implements RecentWrites {
  /** batches made before this moment (the ids' own clock) may have been stored by the process before */
  private readonly openedAt = Date.now();
  private readonly written = new Map<string, { version: number; log: WriteLogEntry[] }>();
  private writes = 0;
  /** the highest version forgotten: a card no longer remembered may have been written up to it */
  private forgottenVersion = 0;
  /** batches stored lately: the store counts a batch stored again once, so its rows are not new */
  private readonly storedBatches = new Set<string>();
  /** writes under way per card: while one runs, what a read sees of it is not known */
  private readonly writingNow = new Map<string, number>();
  /** every entry held, oldest first (from `oldest` on), with its card: the order they are let go in */
  private readonly entries: Array<{ profileId: string; entry: WriteLogEntry }> = [];
  private oldest = 0;
  /** rows held over every card */
  private heldEvents = 0;

  constructor(
    private readonly bounds: WriteLogBounds = DEFAULT_WRITE_LOG_BOUNDS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** rows held now, over every card */
  get size(): number {
    return this.heldEvents;
  }

  writeVersion(profileId: string): number | null {
    return this.written.get(profileId)?.version ?? this.forgottenVersion;
  }

  writing(profileId: string): boolean {
    return this.writingNow.has(profileId);
  }

  writtenSince(profileId: string, version: number): DayEventRow[] | null {
    return this.logSince(profileId, version, (rows) => rows.events.map(dayEventOf));
  }

  viewsWrittenSince(profileId: string, version: number): VisitRow[] | null {
    return this.logSince(profileId, version, (rows) =>
      rows.events.filter((row) => row.type === 'view').map(visitOf),
    );
  }

  /**
   * runs a write of these cards: under way meanwhile, then a new version for each, with what the
   * write stored for it (null: not known)
   */
  async record<T>(
    profileIds: string[],
    write: () => Promise<T>,
    written: (ok: boolean) => Map<string, WrittenRows | null>,
  ): Promise<T> {
    const cards = [...new Set(profileIds)];
    for (const card of cards) this.writingNow.set(card, (this.writingNow.get(card) ?? 0) + 1);
    let ok = false;
    try {
      const result = await write();
      ok = true;
      return result;
    } finally {
      for (const card of cards) {
        const left = (this.writingNow.get(card) ?? 1) - 1;
        if (left > 0) this.writingNow.set(card, left);
        else this.writingNow.delete(card);
      }
      this.wrote(written(ok));
    }
  }

  /** what an insert wrote, per card */
  insertedRows(batchId: string, rows: EventRows, stored: boolean): Map<string, WrittenRows | null> {
    // stored again (a retry after a stored try): nothing new. a failed insert may have stored some
    // rows, and a batch made before this store opened may have been stored by the process before
    // (the queue hands it over again after a crash): what those wrote is not known
    const again = stored && this.storedBatches.has(batchId);
    const known = stored && madeAfter(rows.firstBatchId ?? batchId, this.openedAt);
    const byCard = new Map<string, WrittenRows | null>();
    for (const row of rows.written) {
      if (!known || again) {
        byCard.set(row.profileId, null);
        continue;
      }
      let card = byCard.get(row.profileId);
      if (!card) {
        card = { events: [] };
        byCard.set(row.profileId, card);
      }
      card.events.push(row);
    }
    if (again) for (const profileId of byCard.keys()) byCard.set(profileId, { events: [] });
    if (stored) {
      this.storedBatches.add(batchId);
      // fewer than the table's deduplication window (10 000 blocks): a batch forgotten here may still
      // be stored once there, which only costs a read of the store
      if (this.storedBatches.size > STORED_BATCHES) {
        const oldest = this.storedBatches.values().next();
        if (!oldest.done) this.storedBatches.delete(oldest.value);
      }
    }
    return byCard;
  }

  private logSince<T>(profileId: string, version: number, pick: (rows: WrittenRows) => T[]): T[] | null {
    const card = this.written.get(profileId);
    if (!card) return null;
    if (card.version === version) return [];
    // the write right after `version` must still be in the log
    const since = card.log.findIndex((entry) => entry.after === version);
    if (since < 0) return null;
    const rows: T[] = [];
    for (const entry of card.log.slice(since)) {
      if (!entry.rows || this.clock() - entry.at > this.bounds.maxAgeMs) return null;
      rows.push(...pick(entry.rows));
    }
    return rows;
  }

  /** after a write: the cards it touched get a new version (the write is done, so a read at it sees it) */
  private wrote(byCard: Map<string, WrittenRows | null>): void {
    const at = this.clock();
    for (const [profileId, rows] of byCard) {
      const card = this.written.get(profileId);
      const after = card?.version ?? this.forgottenVersion;
      const version = ++this.writes;
      const entry: WriteLogEntry = { version, after, rows, at };
      const log = [...(card?.log ?? []), entry];
      while (log.length > this.bounds.entriesPerCard) this.letGo(log.shift() as WriteLogEntry);
      this.written.delete(profileId);
      this.written.set(profileId, { version, log });
      this.entries.push({ profileId, entry });
      this.heldEvents += sizeOf(entry);
    }
    for (const [profileId, card] of this.written) {
      if (this.written.size <= WRITE_VERSION_CARDS) break;
      this.written.delete(profileId);
      for (const entry of card.log) this.letGo(entry);
      this.forgottenVersion = Math.max(this.forgottenVersion, card.version);
    }
    this.letOldestGo(at);
  }

  /**
   * lets the oldest entries go while there are more rows than the bound or they are too old to be
   * used; an entry is always the oldest of its card's log when its turn comes
   */
  private letOldestGo(now: number): void {
    while (this.oldest < this.entries.length) {
      const { profileId, entry } = this.entries[this.oldest] as (typeof this.entries)[number];
      if (!entry.gone && this.heldEvents <= this.bounds.maxEvents && now - entry.at <= this.bounds.maxAgeMs)
        break;
      this.oldest += 1;
      if (entry.gone) continue;
      const log = this.written.get(profileId)?.log;
      if (log?.[0] === entry) log.shift();
      this.letGo(entry);
    }
    // the array is compacted once most of it is let go, so it stays about the size of what is held
    if (this.oldest > 1024 && this.oldest * 2 > this.entries.length) {
      this.entries.splice(0, this.oldest);
      this.oldest = 0;
    }
  }

  private letGo(entry: WriteLogEntry): void {
    if (entry.gone) return;
    entry.gone = true;
    this.heldEvents -= sizeOf(entry);
    // the entry itself stays in `entries` until the next compaction, up to a thousand writes later:
    // its rows must not stay with it (at a high rate of views that was most of a minute of them)
    entry.rows = null;
  }
}
