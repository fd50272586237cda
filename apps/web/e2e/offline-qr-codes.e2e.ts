import type { Browser, BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { readQrPng } from '../../api/src/qr/testing/qr-reader';
import { expectAccessible } from './support/axe';
import { DESKTOP, launchChromium } from './support/browser';
import { startProductIn, type Mode } from './support/cluster';
import type { RunningProduct } from './support/product';
import { saveAtBothWidths } from './support/screenshots';

// the installable dashboard offline, in Chromium on the built product: an owner registers, publishes a
// card and opens My QR codes; once the service worker controls the page, the network is cut through
// the DevTools protocol (the page's and the worker's), and the screen opens again from the worker's
// precache and the device's saved copy: the code a phone reads, the card's link, a note that it is a
// saved copy, still signed in. the card page and the API are in no cache, the card page does not open
// offline, and signing out forgets the saved codes. in the embedded mode and the cluster's, axe and
// screenshots at 1440 and 390 px.
jest.setTimeout(180_000);

const STEP_TIMEOUT = 15_000;
const stamp = Date.now().toString(36);
const OFFLINE_QR_CODES_KEY = 'cardcraft.offline-qr-codes';

let browser: Browser;
let mode: Mode;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;

const shot = (screen: string) => saveAtBothWidths(page, `offline-qr-codes/${screen}-${mode}`, true);

/** a DevTools protocol target the commands go to: a page's session, or the service worker's */
type Target = Pick<CDPSession, 'send'> | { send(method: string, params?: object): Promise<unknown> };

/**
 * a session with the service worker's own target. playwright opens sessions with pages and frames
 * only, and the page's network conditions do not reach the worker's fetches: the browser's session
 * attaches to the worker's target and passes it the commands (Target.sendMessageToTarget)
 */
async function serviceWorkerTarget(scriptUrl: string): Promise<Target> {
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  const target = targetInfos.find((info) => info.type === 'service_worker' && info.url === scriptUrl);
  if (!target) throw new Error(`no service worker target for ${scriptUrl}`);
  const { sessionId } = await session.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  });
  let lastId = 0;
  return {
    send(method: string, params: object = {}) {
      const id = ++lastId;
      return new Promise((resolve, reject) => {
        const listener = (event: { sessionId: string; message: string }) => {
          const reply = JSON.parse(event.message) as {
            id?: number;
            result?: unknown;
            error?: { message: string };
          };
          if (event.sessionId !== sessionId || reply.id !== id) return;
          session.off('Target.receivedMessageFromTarget', listener);
          if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
          else resolve(reply.result);
        };
        session.on('Target.receivedMessageFromTarget', listener);
        session
          .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
          .catch(reject);
      });
    },
  };
}

/** the network of each target cut, or given back, as DevTools' Offline box does */
async function emulateOffline(targets: Target[], offline: boolean): Promise<void> {
  for (const target of targets) {
    await target.send('Network.enable');
    await target.send('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
}

/** what the service worker's own fetch of an API address gets */
function fetchFromWorker(worker: Worker): Promise<string> {
  return worker.evaluate(() =>
    fetch('/api/client-config', { cache: 'no-store' }).then(
      (response) => `answered ${response.status}`,
      () => 'failed',
    ),
  );
}

/** every URL held in the origin's Cache Storage, by cache */
function cachedUrls(): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const held: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      held[name] = (await cache.keys()).map((request) => request.url);
    }
    return held;
  });
}

afterAll(async () => {
  await browser?.close();
}, 30_000);

describe.each(['embedded', 'cluster'] as const)('My QR codes without a network (%s)', (current) => {
  const owner = {
    displayName: 'Hedy Lamarr',
    email: `offline-${current}-${stamp}@example.com`,
    password: 'frequency hopping',
  };
  const handle = `hedy-${current}-${stamp}`;

  beforeAll(async () => {
    mode = current;
    [product, browser] = await Promise.all([startProductIn(mode), browser ?? launchChromium()]);
    context = await browser.newContext({
      ...DESKTOP,
      baseURL: product.baseUrl,
      serviceWorkers: 'allow',
    });
    context.setDefaultTimeout(STEP_TIMEOUT);
    page = await context.newPage();

    await page.goto('/auth/register');
    await page.getByLabel('Display Name').fill(owner.displayName);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByLabel('Confirm Password').fill(owner.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard/onboarding');
    // a published card, and a draft that must not show, through the api with the owner's cookie
    await page.evaluate(
      async ({ handle }) => {
        for (const card of [
          { handle, displayName: 'Hedy Lamarr', published: true },
          { handle: `${handle}-draft`, displayName: 'Draft card', published: false },
        ]) {
          const response = await fetch('/api/profiles', {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...card, contact: { email: 'hedy@example.com' } }),
          });
          if (!response.ok) throw new Error(`create: ${response.status} ${await response.text()}`);
        }
      },
      { handle },
    );
  }, 150_000);

  afterAll(async () => {
    await context?.close();
    await product?.stop();
  }, 60_000);

  it('opens My QR codes offline once the worker controls the page, and keeps the card page out of it', async () => {
    const cardLink = `${product.baseUrl}/u/${handle}`;
    await page.goto('/dashboard/home');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'My QR codes' })
      .click();
    await page.waitForURL('**/dashboard/qr-codes');
    // the card's own heading: the home screen's list of cards, which names her too, may still be on
    // screen while the route's code loads after the address has changed
    await page.getByTestId('qr-code-card').getByRole('heading', { name: 'Hedy Lamarr' }).waitFor();
    expect(await page.getByTestId('qr-code-card').count()).toBe(1);

    // the worker the dashboard registered, for the dashboard alone, controls this page
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${product.baseUrl}/dashboard/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // the screen kept its public part on the device
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, OFFLINE_QR_CODES_KEY);
    const saved = await page.evaluate((key) => localStorage.getItem(key) ?? '', OFFLINE_QR_CODES_KEY);
    expect(saved).toContain(cardLink);
    expect(saved).not.toContain('hedy@example.com');
    expect(saved).not.toContain('Draft card');
    await expectAccessible(page, 'my qr codes, online');
    await shot('online');

    // the network cut for the page and for the worker: the page's conditions alone leave the worker's
    // fetches on the network
    const worker = context.serviceWorkers().find((w) => w.url() === `${product.baseUrl}/sw.js`);
    expect(worker).toBeDefined();
    expect(await fetchFromWorker(worker!)).toBe('answered 200');
    const targets = [await context.newCDPSession(page), await serviceWorkerTarget(worker!.url())];
    await emulateOffline(targets, true);
    expect(await fetchFromWorker(worker!)).toBe('failed');
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);

    await page.reload();
    await page.getByTestId('saved-copy-note').waitFor();
    expect(page.url()).toBe(`${product.baseUrl}/dashboard/qr-codes`);
    expect(await page.getByTestId('saved-copy-note').innerText()).toMatch(
      /^You're offline\. These are the codes saved on this device on /,
    );
    expect(await page.getByTestId('qr-code-card').count()).toBe(1);
    const card = page.getByTestId('qr-code-card');
    expect(await card.getByRole('link').getAttribute('href')).toBe(cardLink);
    expect(await card.getByRole('link').innerText()).toContain(cardLink);
    // the code on screen, read as a phone's reader would
    const read = await readQrPng(await card.getByRole('img').screenshot());
    expect(read.decoded).toBe(`${cardLink}?src=qr`);
    await expectAccessible(page, 'my qr codes, offline');
    await shot('offline');

    // a new window opened offline on the screen's address, as the installed app starts
    const launched = await context.newPage();
    await emulateOffline([await context.newCDPSession(launched)], true);
    await launched.goto('/dashboard/qr-codes');
    await launched.getByTestId('saved-copy-note').waitFor();
    await launched.getByRole('link', { name: new RegExp(cardLink) }).waitFor();
    await launched.close();

    // the worker keeps the app's files: never the card page, its files or an API answer
    const held = Object.values(await cachedUrls()).flat();
    expect(held.some((url) => url.endsWith('/index.html') || url.includes('/index.html?'))).toBe(true);
    expect(held.filter((url) => /\/(u|api|share|media)\/|card-page/.test(url))).toEqual([]);
    expect(await page.evaluate((path) => caches.match(path).then(Boolean), `/u/${handle}`)).toBe(false);
    // nor answers the card page's address: offline, it does not open
    const cardPage = await context.newPage();
    await emulateOffline([await context.newCDPSession(cardPage)], true);
    const opened = await cardPage.goto(`/u/${handle}`).then(
      () => 'opened',
      (error: Error) => error.message,
    );
    expect(opened).toMatch(/ERR_INTERNET_DISCONNECTED/);
    await cardPage.close();

    // back online, signing out forgets the saved codes
    await emulateOffline(targets, false);
    expect(await fetchFromWorker(worker!)).toBe('answered 200');
    await page.goto('/auth/logout');
    await page.waitForURL(`${product.baseUrl}/`);
    expect(await page.evaluate((key) => localStorage.getItem(key), OFFLINE_QR_CODES_KEY)).toBeNull();
  });
});
