import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { v7 as uuidv7 } from 'uuid';
import { eventRowsOf } from '../../enrichment/event-rows';
import type { StoredEvent } from '../../events';
import type { EventEraser, EventWriter } from '../../ports';
import { storedEvent } from '../../testing/store-contracts/stored-events';
import { EmbeddedWriteLog } from './embedded-write-log';
import { withWriteLog } from './write-logging-store';

/** an in-memory store: what it was asked to write, a write that can be held or made to fail */
class MemoryWrites implements EventWriter, Pick<EventEraser, 'deleteProfileEvents'> {
  readonly rows: StoredEvent[] = [];
  private gate: Promise<void> | null = null;
  failNext = false;

  hold(): () => void {
    let release = () => undefined as void;
    this.gate = new Promise<void>((resolve) => (release = resolve));
    return release;
  }

  async insertEvents(_batchId: string, rows: Parameters<EventWriter['insertEvents']>[1]): Promise<void> {
    if (this.gate) await this.gate;
    this.gate = null;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('the store is down');
    }
    this.rows.push(...(Array.isArray(rows) ? rows : (rows as ReturnType<typeof eventRowsOf>).rows()));
  }

  async deleteProfileEvents(profileId: string): Promise<void> {
    this.rows.splice(0, this.rows.length, ...this.rows.filter((row) => row.profile_id !== profileId));
  }
}

const CARD = 'log-card';
const ev = (time: string, type: 'view' | 'vcard_saved' = 'view') =>
  storedEvent({ profile_id: CARD, at: `2026-04-08T${time}Z`, type });
const times = (rows: Array<{ ts: number | Date }> | null) =>
  rows?.map((row) => new Date(row.ts).toISOString().slice(11, 19)) ?? null;

describe('the embedded write log', () => {
  let memory: MemoryWrites;
  let store: ReturnType<typeof withWriteLog<MemoryWrites>>;

  beforeEach(() => {
    memory = new MemoryWrites();
    store = withWriteLog(memory, new EmbeddedWriteLog());
  });

  it('hands the writes to the store and keeps the rows of each, per card, since a version', async () => {
    const start = store.writeVersion(CARD)!;
    expect(start).not.toBeNull();
    await store.insertEvents(uuidv7(), [ev('10:00:00'), ev('10:01:00', 'vcard_saved')]);
    const middle = store.writeVersion(CARD)!;
    await store.insertEvents(uuidv7(), eventRowsOf([ev('10:02:00')]));
    expect(memory.rows).toHaveLength(3);
    expect(times(store.writtenSince(CARD, start))).toEqual(['10:00:00', '10:01:00', '10:02:00']);
    expect(times(store.viewsWrittenSince(CARD, start))).toEqual(['10:00:00', '10:02:00']);
    expect(times(store.writtenSince(CARD, middle))).toEqual(['10:02:00']);
    expect(store.writtenSince(CARD, store.writeVersion(CARD)!)).toEqual([]);
    // a version it never gave out
    expect(store.writtenSince(CARD, -1)).toBeNull();
    // another card: not written, not known
    expect(store.writtenSince('log-other', start)).toBeNull();
  });

  it('says a write of the card is under way until it is done, and gives the version after it', async () => {
    const start = store.writeVersion(CARD);
    const release = memory.hold();
    const writing = store.insertEvents(uuidv7(), [ev('10:00:00')]);
    expect(store.writing(CARD)).toBe(true);
    expect(store.writing('log-other')).toBe(false);
    expect(store.writeVersion(CARD)).toBe(start);
    release();
    await writing;
    expect(store.writing(CARD)).toBe(false);
    expect(store.writeVersion(CARD)).not.toBe(start);
  });

  it('adds nothing for a batch stored again, and knows nothing across a failed insert or an erase', async () => {
    const batch = uuidv7();
    await store.insertEvents(batch, [ev('10:00:00')]);
    const stored = store.writeVersion(CARD)!;
    // the store counts a retried batch once: its rows are not new
    await store.insertEvents(batch, [ev('10:00:00')]);
    expect(store.writtenSince(CARD, stored)).toEqual([]);
    const beforeFailure = store.writeVersion(CARD)!;
    memory.failNext = true;
    await expect(store.insertEvents(uuidv7(), [ev('10:05:00')])).rejects.toThrow('the store is down');
    expect(store.writeVersion(CARD)).not.toBe(beforeFailure);
    expect(store.writtenSince(CARD, beforeFailure)).toBeNull();
    const beforeErase = store.writeVersion(CARD)!;
    await store.deleteProfileEvents(CARD);
    expect(store.writtenSince(CARD, beforeErase)).toBeNull();
  });

  it('knows nothing of a batch made before it opened (the process before may have stored it)', async () => {
    const start = store.writeVersion(CARD)!;
    await store.insertEvents('made-by-the-process-before', [ev('10:00:00')]);
    expect(store.writtenSince(CARD, start)).toBeNull();
    // batches the embedded queue inserted together, under an id of its own, naming the first batch
    const grouped = store.writeVersion(CARD)!;
    const group = eventRowsOf([ev('10:01:00'), ev('10:02:00')]);
    group.firstBatchId = uuidv7();
    await store.insertEvents('a-group-of-batches', group);
    expect(times(store.writtenSince(CARD, grouped))).toEqual(['10:01:00', '10:02:00']);
  });

  it('writes nothing and changes no version for an empty batch', async () => {
    const start = store.writeVersion(CARD);
    await store.insertEvents(uuidv7(), []);
    expect(store.writeVersion(CARD)).toBe(start);
    expect(memory.rows).toEqual([]);
  });

  describe('its bounds', () => {
    let now: number;
    let log: EmbeddedWriteLog;
    let bounded: ReturnType<typeof withWriteLog<MemoryWrites>>;
    const views = (card: string, count: number) =>
      Array.from({ length: count }, (_, i) =>
        storedEvent({ profile_id: card, at: `2026-04-08T10:00:${String(i % 60).padStart(2, '0')}Z` }),
      );

    beforeEach(() => {
      now = 1_000_000;
      log = new EmbeddedWriteLog({ entriesPerCard: 4, maxAgeMs: 60_000, maxEvents: 10 }, () => now);
      bounded = withWriteLog(new MemoryWrites(), log);
    });

    it('lets the oldest rows over every card go past its bound in rows, and a read of them goes to the store', async () => {
      const start = { a: bounded.writeVersion('card-a')!, b: bounded.writeVersion('card-b')! };
      await bounded.insertEvents(uuidv7(), views('card-a', 4));
      const afterFirst = bounded.writeVersion('card-a')!;
      await bounded.insertEvents(uuidv7(), views('card-b', 4));
      expect(log.size).toBe(8);
      expect(bounded.writtenSince('card-a', start.a)).toHaveLength(4);
      // 12 rows: card a's write, the oldest, goes
      await bounded.insertEvents(uuidv7(), views('card-a', 4));
      expect(log.size).toBe(8);
      expect(bounded.writtenSince('card-a', start.a)).toBeNull();
      expect(bounded.writtenSince('card-a', afterFirst)).toHaveLength(4);
      expect(bounded.writtenSince('card-b', start.b)).toHaveLength(4);
    });

    it('lets rows go once they are older than its age, at the next write of any card', async () => {
      const start = bounded.writeVersion('card-a')!;
      await bounded.insertEvents(uuidv7(), views('card-a', 2));
      now += 60_001;
      // too old to be used, though still held
      expect(bounded.writtenSince('card-a', start)).toBeNull();
      expect(log.size).toBe(2);
      await bounded.insertEvents(uuidv7(), views('card-b', 1));
      expect(log.size).toBe(1);
    });

    it('keeps nothing of the rows it let go, so they can be collected at once', async () => {
      setFlagsFromString('--expose-gc');
      const collectGarbage = runInNewContext('gc') as () => void;
      // a row only the log holds: the write's own rows are not kept by the test
      const firstRow = await (async () => {
        const rows = eventRowsOf(views('card-a', 4));
        await bounded.insertEvents(uuidv7(), rows);
        return new WeakRef(rows.written[0] as object);
      })();
      // 12 rows over the bound of 10: card a's write goes
      await bounded.insertEvents(uuidv7(), views('card-b', 8));
      expect(log.size).toBe(8);
      // a WeakRef holds its target until the job that made or read it ends
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
      expect(firstRow.deref()).toBeUndefined();
    });

    it("keeps a card's last writes only, and counts what their bound let go", async () => {
      const start = bounded.writeVersion('card-a')!;
      for (let i = 0; i < 5; i++) await bounded.insertEvents(uuidv7(), views('card-a', 1));
      expect(log.size).toBe(4);
      expect(bounded.writtenSince('card-a', start)).toBeNull();
      // the entries let go by the card's bound leave the count once, not again when their turn comes
      now += 60_001;
      await bounded.insertEvents(uuidv7(), views('card-b', 1));
      expect(log.size).toBe(1);
    });
  });
});
