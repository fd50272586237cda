import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { DESKTOP, IPHONE, launchChromium } from './support/browser';
import { REPO_ROOT, startProduct, type RunningProduct } from './support/product';
import { saveScreenshot } from './support/screenshots';

// the owner's dashboard while the analytics store does not answer: the server's 503 text and a Retry
// that asks again, instead of the generic failure. the outage is played by the browser (the summary
// answers 503 as the api does then); the api side is analytics-faults.spec.ts
const SHOTS = join(REPO_ROOT, 'screenshots');
const OUTAGE = { error: 'Analytics are temporarily unavailable' };

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchChromium()]);
  mkdirSync(SHOTS, { recursive: true });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
}, 30_000);

describe('analytics while the store is down', () => {
  it.each([
    ['1440', DESKTOP],
    ['390', IPHONE],
  ])(
    'shows "Analytics are temporarily unavailable" with a Retry that loads them once back (%s px)',
    async (width, device) => {
      const context = await browser.newContext({ ...device, baseURL: product.baseUrl });
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      await page.goto('/');
      const stamp = `${width}-${Date.now().toString(36)}`;
      // a signed-in owner (the session cookie) with a published card
      await page.evaluate(async (stamp) => {
        const post = (path: string, body: unknown) =>
          fetch(path, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).then((r) => {
            if (!r.ok) throw new Error(`${path}: ${r.status}`);
          });
        await post('/api/auth/register', {
          email: `outage-${stamp}@example.com`,
          password: 'a long enough password',
          displayName: 'Outage Owner',
        });
        await post('/api/profiles', {
          handle: `outage-${stamp}`,
          displayName: 'Outage Card',
          published: true,
        });
      }, stamp);

      // signed in through the form, as an owner does
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill(`outage-${stamp}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('a long enough password');
      await page.getByRole('button', { name: /sign in|log in/i }).click();
      await page.waitForURL('**/dashboard/**');

      let down = true;
      await page.route('**/analytics/summary**', async (route) => {
        if (!down) return route.fallback();
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'retry-after': '10' },
          body: JSON.stringify(OUTAGE),
        });
      });
      await page.goto('/dashboard/analytics');
      const alert = page.getByRole('alert').filter({ hasText: OUTAGE.error });
      await alert.waitFor().catch(async (err: Error) => {
        await page.screenshot({
          path: join(SHOTS, `analytics-unavailable-debug-${width}.png`),
          fullPage: true,
        });
        throw err;
      });
      expect(await page.getByText('Failed to load analytics data').count()).toBe(0);
      await saveScreenshot(page, `analytics-unavailable-${width}.png`, { fullPage: true });

      down = false;
      await alert.getByRole('button', { name: 'Retry' }).click();
      await page.getByText('Total Visits').first().waitFor();
      expect(await page.getByText(OUTAGE.error).count()).toBe(0);
      await context.close();
    },
    90_000,
  );
});
