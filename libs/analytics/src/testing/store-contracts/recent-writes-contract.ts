import { v7 as uuidv7 } from 'uuid';
import type { EventEraser, EventWriter, FiguresReader, RecentWrites } from '../../ports';
import { days, storedEvent } from './stored-events';

type Ports = () => {
  /** the writes, as the process makes them (through the write log where there is one) */
  writes: EventWriter & Pick<EventEraser, 'deleteProfileEvents'>;
  reader: FiguresReader;
  recent: RecentWrites;
};

/**
 * what any RecentWrites says is true: a write version that does not change while nothing is written,
 * and rows written since a version that are the rows the store holds since. one that knows nothing
 * (null everywhere) keeps it too; whether one knows is its adapter's own test.
 */
export function recentWritesContract(ports: Ports, card = 'contract-recent'): void {
  describe('RecentWrites', () => {
    const DAY = days('2026-04-07');
    const ev = (time: string, o: { type?: 'view' | 'link_clicked'; profile_id?: string } = {}) =>
      storedEvent({ profile_id: card, at: `2026-04-07T${time}Z`, ...o });

    it('gives a new version to each write of the card, and the rows written since one', async () => {
      const { writes, reader, recent } = ports();
      const before = recent.writeVersion(card);
      const beforeRows = (await reader.rawEvents(card, [DAY], 100))[0] ?? [];
      expect(recent.writeVersion(card)).toBe(before);
      expect(recent.writing(card)).toBe(false);
      await writes.insertEvents(uuidv7(), [ev('10:00:00'), ev('10:05:00', { type: 'link_clicked' })]);
      const after = recent.writeVersion(card);
      if (before === null) {
        expect(after).toBeNull();
      } else {
        expect(after).not.toBe(before);
        expect(recent.writtenSince(card, after!)).toEqual([]);
      }
      const added = before === null ? null : recent.writtenSince(card, before);
      if (added) {
        const now = (await reader.rawEvents(card, [DAY], 100))[0] ?? [];
        expect([...beforeRows, ...added].sort((a, b) => a.ts - b.ts)).toEqual(now);
        const views = recent.viewsWrittenSince(card, before!);
        expect(views?.map((view) => view.ts.toISOString())).toEqual(['2026-04-07T10:00:00.000Z']);
      }
      // another card's write leaves this card's version as it was
      await writes.insertEvents(uuidv7(), [ev('10:10:00', { profile_id: `${card}-other` })]);
      expect(recent.writeVersion(card)).toBe(after);
      expect(recent.writing(card)).toBe(false);
    });

    it('knows no rows across an erase', async () => {
      const { writes, recent } = ports();
      const before = recent.writeVersion(card);
      await writes.deleteProfileEvents(card);
      const after = recent.writeVersion(card);
      if (before === null) expect(after).toBeNull();
      else expect(after).not.toBe(before);
      if (before !== null) {
        expect(recent.writtenSince(card, before)).toBeNull();
        expect(recent.viewsWrittenSince(card, before)).toBeNull();
      }
    });
  });
}
