import type { DayEventRow, RecentWrites } from '../ports';
import { DayEvents } from './edge-days';
import { todayWindow } from './range-planner';
import { TODAY_TAIL_READ_LATELY_MS, TodayTailCache } from './today-tail';

const NOW = Date.parse('2026-03-01T15:00:00Z');
const today = todayWindow(NOW);

/** a process's own writes, as the embedded write log keeps them: a version per card, nothing running */
function writes(): RecentWrites & { write(profileId: string): void } {
  const versions = new Map<string, number>();
  return {
    writeVersion: (profileId) => versions.get(profileId) ?? 0,
    writing: () => false,
    writtenSince: () => [],
    viewsWrittenSince: () => [],
    write: (profileId) => versions.set(profileId, (versions.get(profileId) ?? 0) + 1),
  };
}

function rowsOf(count: number): DayEventRow[] {
  return Array.from({ length: count }, (_, i) => ({
    ts: today.cutoff + i,
    type: 'view',
    visitorId: `v${i}`,
    authenticated: false,
    country: 'US',
    device: 'mobile',
    referrerHost: '',
    channel: 'direct',
    city: '',
    browser: 'Safari',
    utmSource: '',
    utmMedium: '',
    utmCampaign: '',
    target: '',
  }));
}

/** a summary's read of the card's tail: what was kept, else the rows read and kept */
function read(cache: TodayTailCache, profileId: string, count: number): 'kept' | 'read' {
  const tail = cache.begin(profileId, today, 1_000);
  if (tail.kept()) return 'kept';
  const rows = rowsOf(count);
  tail.read(DayEvents.of(rows));
  return 'read';
}

describe("today's tail, kept between a card's reads", () => {
  it('is used again while the card has no new write', () => {
    const recent = writes();
    const cache = new TodayTailCache(recent, 100);
    expect(read(cache, 'a', 10)).toBe('read');
    expect(read(cache, 'a', 10)).toBe('kept');
    expect(cache.size).toBe(10);
  });

  it('holds at most its bound of events over every card, the least recently read going first', () => {
    let now = 0;
    const cache = new TodayTailCache(writes(), 100, () => now);
    expect(read(cache, 'a', 40)).toBe('read');
    expect(read(cache, 'b', 40)).toBe('read');
    // a is read again, so b is now the least recently read
    expect(read(cache, 'a', 40)).toBe('kept');
    now += TODAY_TAIL_READ_LATELY_MS + 1;
    expect(read(cache, 'a', 40)).toBe('kept');
    expect(read(cache, 'c', 40)).toBe('read');
    expect(cache.size).toBe(80);
    expect(read(cache, 'b', 40)).toBe('read');
    expect(read(cache, 'a', 40)).toBe('kept');
    expect(read(cache, 'c', 40)).toBe('kept');
    expect(cache.size).toBeLessThanOrEqual(100);
  });

  it('keeps what it holds when cards read in turn hold more than its bound, instead of keeping none', () => {
    let now = 0;
    const cache = new TodayTailCache(writes(), 100, () => now);
    const rounds = Array.from({ length: 4 }, () => {
      now += 1_000;
      return ['a', 'b', 'c'].map((card) => read(cache, card, 40));
    });
    expect(rounds[0]).toEqual(['read', 'read', 'read']);
    // two of three kept from then on, where letting the least recently read go would keep none
    for (const round of rounds.slice(1)) expect(round).toEqual(['kept', 'kept', 'read']);
    expect(cache.size).toBe(80);
  });

  it('keeps nothing of a card whose tail alone is over the bound', () => {
    const cache = new TodayTailCache(writes(), 100);
    expect(read(cache, 'a', 150)).toBe('read');
    expect(cache.size).toBe(0);
    expect(read(cache, 'a', 150)).toBe('read');
  });
});
