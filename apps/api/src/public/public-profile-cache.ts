import { Inject, Injectable } from '@nestjs/common';
import type { ProfileRecord } from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

interface Entry {
  profile: ProfileRecord | null;
  /** the profile as it was stored, to tell a reload that changed nothing */
  fingerprint: string;
  expiresAt: number;
  /** what was made from this profile (its rendered pages, its JSON), dropped with it */
  derived: Map<string, unknown>;
}

interface Loading {
  promise: Promise<ProfileRecord | null>;
  /** set when the handle is invalidated while it loads: what it read may predate the change */
  stale: boolean;
}

const fingerprintOf = (profile: ProfileRecord | null): string => (profile ? JSON.stringify(profile) : '');

/**
 * the hot path's read cache: profiles by handle (and misses) for a short TTL, dropped as soon as this
 * process saves or deletes the profile. across replicas, invalidate() is also what a pub/sub message
 * calls, so a change made on one replica is seen on every other one within the message's latency.
 * the TTL is the safety net under those messages: when it runs out the profile is read again, and if
 * nothing changed it is kept with what was made from it (rendering and compressing every card again
 * each TTL held the event loop for long stretches). the requests that miss together share one read.
 */
@Injectable()
export class PublicProfileCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Loading>();
  private readonly maxEntries = 10_000;
  private readonly invalidationListeners: ((handle: string) => void)[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get(handle: string, load: () => Promise<ProfileRecord | null>): Promise<ProfileRecord | null> {
    if (this.config.publicCacheTtlMs === 0) return load();
    const hit = this.entries.get(handle);
    if (hit && hit.expiresAt > Date.now()) return Promise.resolve(hit.profile);
    let loading = this.loading.get(handle);
    if (!loading) {
      const started: Loading = { promise: Promise.resolve(null), stale: false };
      started.promise = this.reload(handle, hit, load, started);
      this.loading.set(handle, started);
      loading = started;
    }
    return loading.promise;
  }

  private async reload(
    handle: string,
    previous: Entry | undefined,
    load: () => Promise<ProfileRecord | null>,
    loading: Loading,
  ): Promise<ProfileRecord | null> {
    try {
      const profile = await load();
      if (loading.stale) return profile;
      const expiresAt = Date.now() + this.config.publicCacheTtlMs;
      const fingerprint = fingerprintOf(profile);
      const current = this.entries.get(handle);
      if (current && current === previous && current.fingerprint === fingerprint) {
        current.expiresAt = expiresAt;
        return current.profile;
      }
      if (!current && this.entries.size >= this.maxEntries) {
        this.entries.delete(this.entries.keys().next().value as string);
      }
      this.entries.set(handle, { profile, fingerprint, expiresAt, derived: new Map() });
      return profile;
    } finally {
      if (this.loading.get(handle) === loading) this.loading.delete(handle);
    }
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

  /**
   * what derived() kept under this key for the handle, with its profile, without loading anything: a
   * miss (nothing kept, expired, or the handle unknown) is null
   */
  peekDerived<T>(handle: string, key: string): { profile: ProfileRecord; value: T } | null {
    const entry = this.entries.get(handle);
    if (!entry || entry.profile === null || entry.expiresAt <= Date.now()) return null;
    if (!entry.derived.has(key)) return null;
    return { profile: entry.profile, value: entry.derived.get(key) as T };
  }

  /** drops the handle here and tells the listeners (the cross-replica broadcaster) */
  invalidate(handle: string): void {
    this.invalidateLocally(handle);
    for (const listener of this.invalidationListeners) listener(handle);
  }

  /** drops the handle here only: what a message from another replica does */
  invalidateLocally(handle: string): void {
    this.entries.delete(handle);
    const loading = this.loading.get(handle);
    if (loading) {
      loading.stale = true;
      this.loading.delete(handle);
    }
  }

  onInvalidate(listener: (handle: string) => void): void {
    this.invalidationListeners.push(listener);
  }
}
