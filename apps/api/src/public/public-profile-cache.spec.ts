import type { ProfileRecord } from '@cardcraft/storage';
import type { AppConfig } from '../platform/config/app-config';
import { PublicProfileCache } from './public-profile-cache';

const TTL = 30_000;

function profile(displayName: string): ProfileRecord {
  return { id: 'p1', handle: 'ada', displayName } as unknown as ProfileRecord;
}

/** a store that answers when told to, and counts its reads */
function store() {
  let current: ProfileRecord | null = profile('Ada');
  const pending: (() => void)[] = [];
  const load = jest.fn(
    () =>
      new Promise<ProfileRecord | null>((resolve) => {
        // a copy, as a database read returns a new object each time
        const read = current ? { ...current } : null;
        pending.push(() => resolve(read));
      }),
  );
  return {
    load,
    set: (next: ProfileRecord | null) => (current = next),
    answer: () => pending.splice(0).forEach((respond) => respond()),
  };
}

describe('the public profile cache', () => {
  let cache: PublicProfileCache;
  let now: number;

  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    cache = new PublicProfileCache({ publicCacheTtlMs: TTL } as AppConfig);
  });
  afterEach(() => jest.restoreAllMocks());

  it('reads a handle once for the requests that miss it together', async () => {
    const db = store();
    const gets = [cache.get('ada', db.load), cache.get('ada', db.load), cache.get('ada', db.load)];
    db.answer();
    const [first, ...others] = await Promise.all(gets);
    expect(db.load).toHaveBeenCalledTimes(1);
    for (const other of others) expect(other).toBe(first);
    expect(await cache.get('ada', db.load)).toBe(first);
    expect(db.load).toHaveBeenCalledTimes(1);
  });

  it('keeps what was made from a profile across its TTL when a new read finds it unchanged', async () => {
    const db = store();
    const first = cache.get('ada', db.load);
    db.answer();
    const kept = (await first)!;
    const make = jest.fn(() => ({ page: 'html' }));
    const page = cache.derived('ada', kept, 'page:guest', make);

    now += TTL + 1;
    const again = cache.get('ada', db.load);
    db.answer();
    expect(await again).toBe(kept);
    expect(db.load).toHaveBeenCalledTimes(2);
    expect(cache.derived('ada', kept, 'page:guest', make)).toBe(page);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('drops what was made when the new read finds the profile changed', async () => {
    const db = store();
    const first = cache.get('ada', db.load);
    db.answer();
    const old = (await first)!;
    const make = jest.fn((name: string) => ({ page: name }));
    cache.derived('ada', old, 'page:guest', () => make('old'));

    db.set(profile('Countess Ada'));
    now += TTL + 1;
    const again = cache.get('ada', db.load);
    db.answer();
    const changed = (await again)!;
    expect(changed.displayName).toBe('Countess Ada');
    expect(cache.derived('ada', changed, 'page:guest', () => make('new'))).toEqual({ page: 'new' });
  });

  it('keeps nothing a read in flight during an invalidation found, and reads again', async () => {
    const db = store();
    const during = cache.get('ada', db.load);
    cache.invalidateLocally('ada');
    db.set(profile('Countess Ada'));
    db.answer();
    await during;
    const after = cache.get('ada', db.load);
    db.answer();
    expect((await after)!.displayName).toBe('Countess Ada');
    expect(db.load).toHaveBeenCalledTimes(2);
  });

  it('reads every time with a TTL of 0', async () => {
    cache = new PublicProfileCache({ publicCacheTtlMs: 0 } as AppConfig);
    const db = store();
    const gets = [cache.get('ada', db.load), cache.get('ada', db.load)];
    db.answer();
    await Promise.all(gets);
    expect(db.load).toHaveBeenCalledTimes(2);
  });
});
