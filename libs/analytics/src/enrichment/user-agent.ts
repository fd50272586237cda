import { UAParser } from 'ua-parser-js';
import { isbot } from 'isbot';
import type { DeviceType } from '../events';
import { LruCache } from '../lru-cache';

export interface UserAgentInfo {
  device: DeviceType;
  browser: string;
  os: string;
}

// headless browsers present themselves as ordinary ones apart from this word; isbot lists them too,
// this keeps the rule visible where it matters
const HEADLESS = /headless|phantomjs|puppeteer|playwright|selenium|lighthouse/i;

// isbot's pattern is long and runs on every recorded view, while the same few user agents repeat
// all day: the verdict is kept per user agent. long ones are not kept, so the cache stays small.
const BOT_VERDICTS = new LruCache<string, boolean>(1000);
const BOT_VERDICT_MAX_LENGTH = 512;

/** bots, crawlers and headless browsers are not visitors */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return true;
  const cached = BOT_VERDICTS.get(userAgent);
  if (cached !== undefined) return cached;
  const bot = isbot(userAgent) || HEADLESS.test(userAgent);
  if (userAgent.length <= BOT_VERDICT_MAX_LENGTH) BOT_VERDICTS.set(userAgent, bot);
  return bot;
}

/** ua-parser-js version 1 (MIT) with an lru cache: the same few hundred user agents repeat all day */
export class UserAgentParser {
  private readonly cache: LruCache<string, UserAgentInfo>;

  constructor(capacity = 5000) {
    this.cache = new LruCache(capacity);
  }

  parse(userAgent: string): UserAgentInfo {
    const cached = this.cache.get(userAgent);
    if (cached) return cached;
    const result = new UAParser(userAgent).getResult();
    const type = result.device.type;
    const device: DeviceType =
      type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop';
    const info: UserAgentInfo = {
      device,
      browser: result.browser.name ?? '',
      os: result.os.name ?? '',
    };
    this.cache.set(userAgent, info);
    return info;
  }
}
