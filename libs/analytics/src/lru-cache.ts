/**
 * a small least-recently-used map, in two generations: a hit in the young one costs one lookup (a
 * Map's delete and set on every hit, the classic way, cost more than the lookup itself on the
 * enricher's path, which hits twice per event), a hit in the old one moves the entry to the young
 * one, and once the young one is half the capacity the old one is dropped and the young one takes its
 * place. what was used within the last half capacity of entries is always kept; at most `capacity`
 * entries are held.
 */
export class LruCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;

  constructor(capacity: number) {
    this.half = Math.max(1, Math.floor(capacity / 2));
  }

  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged === undefined) return undefined;
    this.old.delete(key);
    this.promote(key, aged);
    return aged;
  }

  set(key: K, value: V): void {
    if (this.young.has(key)) {
      this.young.set(key, value);
      return;
    }
    this.old.delete(key);
    this.promote(key, value);
  }

  delete(key: K): void {
    this.young.delete(key);
    this.old.delete(key);
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  private promote(key: K, value: V): void {
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }
}
