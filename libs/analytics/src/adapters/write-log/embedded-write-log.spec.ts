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
});
