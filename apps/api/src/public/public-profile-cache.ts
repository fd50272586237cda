import { Inject, Injectable } from '@nestjs/common';
import type { ProfileRecord } from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

interface Entry {
  profile: ProfileRecord | null;
  expiresAt: number;
  /** what was made from this profile (its rendered pages), dropped with it */
  derived: Map<string, unknown>;
}

/**
 * the hot path's read cache: profiles by handle (and misses) for a short TTL, dropped as soon as this
 * process saves or deletes the profile. across replicas, invalidate() is also what a pub/sub message
 * calls, so a change made on one replica is seen on every other one within the message's latency.
 */
@Injectable()
export class PublicProfileCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries = 10_000;
  private readonly invalidationListeners: ((handle: string) => void)[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async get(handle: string, load: () => Promise<ProfileRecord | null>): Promise<ProfileRecord | null> {
    const ttl = this.config.publicCacheTtlMs;
    if (ttl === 0) return load();
    const now = Date.now();
    const hit = this.entries.get(handle);
    if (hit && hit.expiresAt > now) return hit.profile;
    const profile = await load();
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(handle, { profile, expiresAt: now + ttl, derived: new Map() });
    return profile;
  }

  /**
   * something made from the profile get() last returned for this handle (a rendered page), kept as
   * long as that profile is: a save, a delete or a message from another replica drops both together.
   * the profile passed in must be the one get() returned, so a page is never kept for an older copy.
   */
  derived<T>(handle: string, profile: ProfileRecord, key: string, make: () => T): T {
    const entry = this.entries.get(handle);
    if (!entry || entry.profile !== profile || entry.expiresAt <= Date.now()) return make();
    if (entry.derived.has(key)) return entry.derived.get(key) as T;
    const value = make();
    entry.derived.set(key, value);
    return value;
  }

  /** drops the handle here and tells the listeners (the cross-replica broadcaster) */
  invalidate(handle: string): void {
    this.invalidateLocally(handle);
    for (const listener of this.invalidationListeners) listener(handle);
  }

  /** drops the handle here only: what a message from another replica does */
  invalidateLocally(handle: string): void {
    this.entries.delete(handle);
  }

  onInvalidate(listener: (handle: string) => void): void {
    this.invalidationListeners.push(listener);
  }
}
