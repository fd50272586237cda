import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
} from 'playwright-core';

/** content security policy violations seen since the last test ended, as readable lines */
const cspViolations: string[] = [];

function originOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/** what the page reports through the binding below */
interface ViolationReport {
  directive: string;
  blocked: string;
  document: string;
  source: string;
  line: number;
  sample: string;
}

/**
 * records every content security policy violation in the product's own documents: the
 * securitypolicyviolation events of each frame, and Chromium's console messages about the policy.
 * third-party frames (the embeds' players) answer to their own policies, not ours, and are left out.
 */
async function watchContentSecurityPolicy(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__reportCspViolation', ({ page, frame }, report: ViolationReport) => {
    if (originOf(frame.url()) !== originOf(page.url())) return;
    const where = report.source ? ` (${report.source}:${report.line})` : '';
    const sample = report.sample ? ` "${report.sample}"` : '';
    cspViolations.push(
      `${report.directive} refused ${report.blocked || 'inline'}${sample} on ${report.document}${where}`,
    );
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (report: unknown) => void })
        .__reportCspViolation;
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        document: event.documentURI,
        source: event.sourceFile,
        line: event.lineNumber,
        sample: event.sample,
      });
    });
  });
  context.on('console', (message: ConsoleMessage) => {
    if (!/Content[- ]Security[- ]Policy/i.test(message.text())) return;
    const from = originOf(message.location().url);
    const page = originOf(message.page()?.url());
    if (from !== null && page !== null && from !== page) return;
    cspViolations.push(`console: ${message.text()}`);
  });
}

/** the violations recorded so far, taken: for a test that provokes one on purpose */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

// every suite that opens Chromium through launchChromium fails a test during which one of its pages
// broke the content security policy: the product must work under the policy it sends
afterEach(() => {
  const found = cspViolations.splice(0);
  if (found.length > 0) {
    throw new Error(`content security policy violations:\n${found.map((line) => `  ${line}`).join('\n')}`);
  }
});

/** the requests each page has started and not yet seen end, its frames' included */
const inflight = new WeakMap<Page, Set<Request>>();

function followRequests(page: Page): void {
  const open = new Set<Request>();
  inflight.set(page, open);
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

const QUIET_MS = 500;

/**
 * waits until the page has loaded and none of its requests (its frames' included) has been open for
 * half a second. playwright's own 'networkidle' is not used for this: it never fires on a page that
 * holds a srcdoc frame (the editor's live preview) although no request is open there.
 */
export async function waitForNetworkQuiet(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.waitForLoadState('load', { timeout: timeoutMs });
  const open = inflight.get(page);
  if (!open) throw new Error('waitForNetworkQuiet: the page was not opened through launchChromium');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() > deadline) {
      const urls = [...open].map((request) => request.url());
      throw new Error(`waitForNetworkQuiet: still loading after ${timeoutMs} ms: ${urls.join(', ')}`);
    }
    if (open.size > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * runs every finite animation and transition on the page to its end: a check reads the screen as it
 * settles, never a toast or a dialog caught halfway through fading in or out. endless ones (a
 * spinner) are left running.
 */
export async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations === Infinity) continue;
      try {
        animation.finish();
      } catch {
        // one that ended or was cancelled since it was listed
      }
    }
  });
}

/**
 * every request that would leave the machine (an embed's player, a link's favicon) is refused at
 * once: the suite never depends on the internet, and a request left waiting on one would keep a page
 * from ever reaching network idle. Chromium's own resolver refuses every name but loopback's: a
 * route in each context would do it too, but playwright turns the HTTP cache off wherever it
 * intercepts, and every request then makes a round trip through jest, so each navigation fetched and
 * compiled the whole app again
 */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';

/**
 * Debian's Chromium, headless, with nothing phoning home. every context it opens (browser.newContext,
 * browser.newPage) watches for content security policy violations, stays off the internet and runs no
 * service worker unless it asks for one.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      LOOPBACK_ONLY,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // the dashboard's service worker precaches the whole app (every language's words) into each new
    // context: only the suite that tests it offline lets it in (serviceWorkers: 'allow')
    const context = await newContext({ serviceWorkers: 'block', ...options });
    await watchContentSecurityPolicy(context);
    context.on('page', followRequests);
    return context;
  };
  return browser;
}

/** a phone visitor: a real phone's user agent, so the visit counts (headless agents are bots) */
export const IPHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

/** a desktop owner with an ordinary desktop agent */
export const DESKTOP = {
  viewport: { width: 1440, height: 900 },
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};
