import { chromium, type Browser, type BrowserContext, type ConsoleMessage } from 'playwright-core';

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

// every suite that opens Chromium through launchChromium fails a test during which one of its pages
// broke the content security policy: the product must work under the policy it sends
afterEach(() => {
  const found = cspViolations.splice(0);
  if (found.length > 0) {
    throw new Error(`content security policy violations:\n${found.map((line) => `  ${line}`).join('\n')}`);
  }
});

/**
 * Debian's Chromium, headless, with nothing phoning home. every context it opens (browser.newContext,
 * browser.newPage) watches for content security policy violations.
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
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchContentSecurityPolicy(context);
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
