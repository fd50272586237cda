import { Inject, Injectable } from '@nestjs/common';
import { GeoLookup, UserAgentParser } from '@cardcraft/analytics';
import type { RequestMeta } from '../platform/common/request-meta';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import type { SignInOrigin } from './sessions.service';

/** what a sessions list shows of a user agent */
export interface DeviceDescription {
  /** "Chrome on macOS" */
  label: string;
  type: 'desktop' | 'mobile' | 'tablet';
}

// the databases are large (tens of MB): opened once per process, on the first sign-in that needs them
const LOOKUPS = new Map<string, Promise<GeoLookup>>();
const DEFAULT_DATABASES = '(the bundled databases)';
// a user agent is kept to this length: enough for any real browser's
const USER_AGENT_MAX = 512;
// this machine's own addresses have no country: the databases are not opened for them
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * where a sign-in came from, as the analytics tell a visit's: the country of its address (the same
 * GeoIP databases, GEOIP_DB or the bundled ones) and the device and browser of its user agent
 */
@Injectable()
export class SignInPlaces {
  private readonly agents = new UserAgentParser(500);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** the origin a session records of the sign-in: its device, user agent and country */
  async origin(meta: RequestMeta, deviceId: string): Promise<SignInOrigin> {
    return {
      deviceId,
      userAgent: meta.userAgent.slice(0, USER_AGENT_MAX),
      country: await this.countryOf(meta.ip),
    };
  }

  /** ISO 3166 alpha-2, or '' when the address is private, unknown or cannot be looked up */
  async countryOf(ip: string | null): Promise<string> {
    if (!ip || LOOPBACK.test(ip)) return '';
    const path = this.config.analytics.enrichment.geoipDb;
    const key = path ?? DEFAULT_DATABASES;
    let lookup = LOOKUPS.get(key);
    if (!lookup) {
      lookup = GeoLookup.open(path);
      LOOKUPS.set(key, lookup);
      // a database that cannot be opened is tried again at the next sign-in
      lookup.catch(() => LOOKUPS.delete(key));
    }
    try {
      return (await lookup).lookup(ip).country;
    } catch {
      return '';
    }
  }

  describe(userAgent: string): DeviceDescription {
    const { browser, os, device } = this.agents.parse(userAgent);
    const label = browser && os ? `${browser} on ${os}` : browser || os || 'Unknown device';
    return { label, type: device };
  }
}
