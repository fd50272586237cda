import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('keeps what was used lately, holds at most its capacity, and forgets the least recently used', () => {
    const cache = new LruCache<string, number>(4);
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      cache.set(key, value);
    // a is used again: it outlives b, which nobody asked for
    expect(cache.get('a')).toBe(1);
    cache.set('e', 5);
    cache.set('f', 6);
    expect(cache.size).toBeLessThanOrEqual(4);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('f')).toBe(6);
    cache.set('f', 7);
    expect(cache.get('f')).toBe(7);
    cache.delete('f');
    expect(cache.get('f')).toBeUndefined();
  });

  it('never holds more than its capacity however many keys come', () => {
    const cache = new LruCache<number, number>(100);
    for (let i = 0; i < 10_000; i++) {
      cache.set(i, i);
      expect(cache.size).toBeLessThanOrEqual(100);
    }
    // the last half capacity set is always there
    for (let i = 10_000 - 50; i < 10_000; i++) expect(cache.get(i)).toBe(i);
  });
});
