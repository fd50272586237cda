import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/axe';
import { IPHONE, launchChromium, takeCspViolations } from './support/browser';
import { callApi, REPO_ROOT, startProduct, type ApiCall, type RunningProduct } from './support/product';
import { saveAtBothWidths } from './support/screenshots';

// the server-rendered card in the visitor's language, chosen by the browser's languages, with
// JavaScript off (the server's words) and on (the card's script's words)
jest.setTimeout(90_000);

type Catalogue = Record<string, Record<string, string>>;
const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(join(REPO_ROOT, 'apps/web/src/i18n/locales', language, 'card.json'), 'utf8'),
  ) as Catalogue;

const stamp = Date.now().toString(36);
const handle = `lang-${stamp}`;
const displayName = 'Grace Brewster Hopper';
const tagline = 'Compilers, and nanoseconds';

let product: RunningProduct;
let browser: Browser;

const api = <T>(path: string, init?: ApiCall) => callApi<T>(product.baseUrl, path, init);

/** a phone whose browser prefers this language, as its settings would say */
async function phoneIn(
  language: string,
  javaScriptEnabled: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...IPHONE,
    baseURL: product.baseUrl,
    locale: language,
    javaScriptEnabled,
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  context.setDefaultTimeout(10_000);
  return { context, page: await context.newPage() };
}

/** the card in the language, what the owner wrote as written */
async function readsTheCardIn(page: Page, language: string, words: Catalogue): Promise<void> {
  const response = await page.goto(`/u/${handle}`);
  expect(response?.status()).toBe(200);
  expect(await page.locator('html').getAttribute('lang')).toBe(language);
  await page.getByRole('heading', { level: 1, name: displayName }).waitFor();
  await page.getByText(tagline).first().waitFor();
  await page.getByRole('link', { name: words.actions.saveContact }).waitFor();
  await page.getByRole('heading', { name: words.form.title }).waitFor();
  await page.locator('body').getByText(words.viewer.guest).waitFor();
  expect(await page.title()).toBe(words.meta.title.replace('{{name}}', displayName));
}

describe('the card page in the visitor language', () => {
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchChromium()]);
    const session = await api<{ accessToken: string }>('/api/auth/register', {
      method: 'POST',
      body: { email: `grace-${stamp}@example.com`, password: 'cobol-1959', displayName: 'Grace Hopper' },
    });
    await api('/api/profiles', {
      method: 'POST',
      token: session.accessToken,
      body: {
        handle,
        displayName,
        tagline,
        bio: null,
        theme: 'aurora',
        layout: 'neon',
        published: true,
        contact: {
          email: 'grace@example.com',
          phoneNumber: '+1 202 555 0100',
          company: 'US Navy',
          location: null,
          website: null,
        },
        media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
        privacy: { collectGeo: true, collectIp: false, showIdentifiedViewers: false, allowMessages: true },
        socialLinks: [],
        blocks: [],
      },
    });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  }, 30_000);

  it.each(['de', 'ja', 'es'])(
    'in %s with JavaScript off: reads, and answers a posted form',
    async (language) => {
      const words = catalogue(language);
      const { context, page } = await phoneIn(language, false);
      await readsTheCardIn(page, language, words);
      await page.getByLabel(words.form.email).fill('not an address');
      await page.getByRole('button', { name: words.form.send }).click();
      await page.locator('body').getByText(words.errors.email).waitFor();
      await page.locator('body').getByText(words.form.failed).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      await page.getByLabel(words.form.email).fill(`reader-${language}-${stamp}@example.com`);
      await page.getByRole('button', { name: words.form.send }).click();
      await page.locator('body').getByText(words.form.sent).waitFor();
      await context.close();
    },
  );

  it.each(['de', 'ja', 'es'])(
    "in %s with JavaScript on: the script's notes and the form's errors in the language",
    async (language) => {
      const words = catalogue(language);
      const { context, page } = await phoneIn(language, true);
      takeCspViolations();
      await readsTheCardIn(page, language, words);
      await page.getByRole('link', { name: words.actions.share }).click();
      await page.locator('body').getByText(words.toasts.copiedTitle).first().waitFor();

      await page.getByLabel(words.form.email).fill('not an address');
      await page.getByRole('button', { name: words.form.send }).click();
      // checked by the script, in place: the page did not change
      await page.locator('body').getByText(words.errors.email).waitFor();
      expect(page.url()).toBe(`${product.baseUrl}/u/${handle}`);
      await page.getByLabel(words.form.email).fill(`script-${language}-${stamp}@example.com`);
      await page.getByRole('button', { name: words.form.send }).click();
      await page.locator('body').getByText(words.form.sent).waitFor();
      await page.locator('body').getByText(words.toasts.sentTitle).first().waitFor();
      expect(page.url()).toBe(`${product.baseUrl}/u/${handle}`);
      expect(takeCspViolations()).toEqual([]);
      await expectAccessible(page, `the card in ${language}`);
      await saveAtBothWidths(page, `card-language-${language}`, true);
      await context.close();
    },
  );

  it('lets a link choose the language over the browser, and falls back to English', async () => {
    const { context, page } = await phoneIn('de', false);
    await page.goto(`/u/${handle}?lang=ja`);
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    await page.getByRole('link', { name: catalogue('ja').actions.saveContact }).waitFor();
    await context.close();
    const other = await phoneIn('zh-CN', false);
    await readsTheCardIn(other.page, 'en', catalogue('en'));
    await other.context.close();
  });
});
