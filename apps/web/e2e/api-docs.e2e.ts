import type { Browser } from 'playwright-core';
import { DESKTOP, launchChromium } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';

// the swagger ui at /api/docs under the same content security policy as the app: the support code fails
// the test on any violation, so this proves the documentation page needs no exception of its own.
jest.setTimeout(60_000);

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchChromium()]);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
}, 30_000);

it('renders the API documentation and opens an operation under the content security policy', async () => {
  const context = await browser.newContext({ ...DESKTOP, baseURL: product.baseUrl });
  const page = await context.newPage();
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.getByRole('heading', { name: /Cardcraft API/ }).waitFor();
  const operation = page.locator('.opblock-summary').first();
  await operation.click();
  await page.getByRole('button', { name: 'Try it out' }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
});
