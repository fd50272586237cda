// the phone profile of npm run bench: Debian's Chromium as a mid-range phone on a slow mobile network
// opening a public card for the first time, as a visitor does from a QR code or a chat link.
import { URL } from 'node:url';
import { chromium } from 'playwright-core';

/** a mid-range Android phone: its screen, its browser's user agent (a headless agent is not a visitor) */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

/** the phone's CPU runs 4x slower than this machine's */
export const CPU_SLOWDOWN = 4;

/** 'Slow 4G': 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (bytes per second for the protocol) */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
  connectionType: 'cellular4g',
};

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // nothing but loopback resolves: a page that reaches out elsewhere fails that request, and shows
  // up in the request count, rather than sending traffic off this machine
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

// after load, the page gets this long without network activity to finish drawing (a single-page app
// fetches the card after its scripts ran); the largest paint is read after it
const QUIET_MS = 1_500;
const VISIT_TIMEOUT_MS = 60_000;

/** the largest contentful paint the page saw, read from a buffered observer (runs in the page) */
function readLargestPaint() {
  /* global PerformanceObserver, setTimeout */
  return new Promise((resolvePaint) => {
    let last = null;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = entry;
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // buffered entries arrive in a task of their own
    setTimeout(() => {
      for (const entry of observer.takeRecords()) last = entry;
      observer.disconnect();
      resolvePaint(
        last && {
          ms: last.startTime,
          element: last.element ? last.element.tagName.toLowerCase() : null,
          text: last.element ? (last.element.textContent ?? '').trim().slice(0, 40) : null,
        },
      );
    }, 200);
  });
}

/**
 * one first visit of `url` in a fresh context (empty cache, no cookies). `isStaticFile(path)` tells
 * the built web app's files (hashed assets, icons) from the requests the application answers: those
 * are the requests to the server the card costs.
 */
async function visit(browser, url, isStaticFile) {
  const origin = new URL(url).origin;
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map();
    let bytes = 0;
    let failed = 0;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      lastActivity = Date.now();
      // data: and blob: urls never leave the page
      if (!/^https?:/.test(event.request.url)) return;
      // a redirect reuses the request id: count each hop as the request it is
      const address = new URL(event.request.url);
      const toServer = address.origin === origin;
      requests.set(`${event.requestId}:${requests.size}`, {
        url: event.request.url,
        toServer,
        toApplication: toServer && !isStaticFile(decodeURIComponent(address.pathname)),
      });
    });
    const refused = [];
    // bytes by kind of resource (Document, Script, Stylesheet, Image, ...), as the browser names it
    const kinds = new Map();
    const bytesByKind = {};
    cdp.on('Network.responseReceived', (event) => {
      kinds.set(event.requestId, event.type);
      if (event.response.status >= 400) refused.push(`${event.response.status} ${event.response.url}`);
    });
    cdp.on('Network.loadingFinished', (event) => {
      lastActivity = Date.now();
      bytes += event.encodedDataLength;
      const kind = kinds.get(event.requestId) ?? 'Other';
      bytesByKind[kind] = (bytesByKind[kind] ?? 0) + event.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', () => {
      lastActivity = Date.now();
      failed++;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const started = Date.now();
    const response = await page.goto(url, { waitUntil: 'load', timeout: VISIT_TIMEOUT_MS });
    const loadMs = Date.now() - started;
    while (Date.now() - lastActivity < QUIET_MS && Date.now() - started < VISIT_TIMEOUT_MS) {
      await page.waitForTimeout(100);
    }
    // the throttled cpu would slow the reading itself
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const paint = await page.evaluate(readLargestPaint);
    const all = [...requests.values()];
    return {
      status: response?.status() ?? 0,
      lcpMs: paint?.ms ?? NaN,
      lcpElement: paint ? `${paint.element}${paint.text ? ` "${paint.text}"` : ''}` : 'none',
      loadMs,
      bytes,
      scriptBytes: bytesByKind.Script ?? 0,
      cssBytes: bytesByKind.Stylesheet ?? 0,
      documentBytes: bytesByKind.Document ?? 0,
      bytesByKind,
      requests: all.length,
      toServer: all.filter((request) => request.toServer).length,
      toApplication: all
        .filter((request) => request.toApplication)
        .map((request) => new URL(request.url).pathname),
      elsewhere: all.filter((request) => !request.toServer).map((request) => request.url),
      failed,
      refused,
    };
  } finally {
    await context.close();
  }
}

/** `visits` first visits of `url`, one after the other, each in a fresh context */
export async function phoneVisits(url, visits, isStaticFile, executablePath = '/usr/bin/chromium') {
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
  try {
    const results = [];
    for (let i = 0; i < visits; i++) results.push(await visit(browser, url, isStaticFile));
    return results;
  } finally {
    await browser.close();
  }
}
