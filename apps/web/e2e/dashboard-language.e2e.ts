import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, PHONE_WIDTH } from './support/axe';
import { IPHONE, launchChromium } from './support/browser';
import { callApi, REPO_ROOT, startProduct, type ApiCall, type RunningProduct } from './support/product';
import { saveAtBothWidths } from './support/screenshots';

// the dashboard in German on a phone: chosen in Settings, kept on the device, every section in it
jest.setTimeout(150_000);

const german = (namespace: string) =>
  JSON.parse(
    readFileSync(join(REPO_ROOT, 'apps/web/src/i18n/locales/de', `${namespace}.json`), 'utf8'),
  ) as Record<string, Record<string, string>>;

const stamp = Date.now().toString(36);
const owner = { email: `lena-${stamp}@example.com`, password: 'sprache-2026', displayName: 'Lena Schmidt' };

let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const api = <T>(path: string, init?: ApiCall) => callApi<T>(product.baseUrl, path, init);

/** a section of the dashboard, in German: its address, its name in the navigation, its heading */
const SECTIONS = [
  { path: '/dashboard/home', nav: 'profiles' },
  { path: '/dashboard/qr-codes', nav: 'qrCodes' },
  { path: '/dashboard/analytics', nav: 'analytics' },
  { path: '/dashboard/leads', nav: 'leads' },
  { path: '/dashboard/teams', nav: 'teams' },
  { path: '/dashboard/integrations', nav: 'integrations' },
] as const;

describe('the dashboard in another language, on a phone', () => {
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchChromium()]);
    const session = await api<{ accessToken: string }>('/api/auth/register', {
      method: 'POST',
      body: owner,
    });
    await api('/api/profiles', {
      method: 'POST',
      token: session.accessToken,
      body: {
        handle: `lena-${stamp}`,
        displayName: owner.displayName,
        tagline: 'Produktdesign',
        bio: null,
        theme: 'solar',
        layout: 'neon',
        published: true,
        contact: { email: owner.email, phoneNumber: null, company: null, location: null, website: null },
        media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
        privacy: { collectGeo: true, collectIp: false, showIdentifiedViewers: false, allowMessages: true },
        socialLinks: [],
        blocks: [],
      },
    });
    // a browser that speaks English: the German is the owner's choice, not the browser's
    context = await browser.newContext({ ...IPHONE, baseURL: product.baseUrl, locale: 'en-US' });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/**');
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  }, 30_000);

  it('is chosen in Settings, applies at once and stays after a reload', async () => {
    await page.goto('/dashboard/settings');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByLabel('Language', { exact: true }).selectOption('de');
    const settings = german('settings');
    await page.getByRole('heading', { level: 1, name: settings.page.title }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByText(settings.language.saved).first().waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: settings.page.title }).waitFor();
    expect(await page.getByLabel(settings.language.label, { exact: true }).inputValue()).toBe('de');
    await expectAccessible(page, 'Settings in German', [PHONE_WIDTH]);
    await saveAtBothWidths(page, 'dashboard-de/settings', true);
  });

  it.each(SECTIONS)('speaks German in $path, accessible at phone width', async ({ path, nav }) => {
    await page.goto(path);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    const name = german('common').nav[nav];
    // the section's own heading, in the language of the navigation's name for it
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('link', { name }).first().waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).not.toBe('');
    await expectAccessible(page, `${path} in German`, [PHONE_WIDTH]);
    await saveAtBothWidths(page, `dashboard-de/${path.split('/').pop() ?? 'page'}`, true);
  });

  it('says the profiles page and its card in German', async () => {
    await page.goto('/dashboard/home');
    const profiles = german('profiles');
    await page.getByText(owner.displayName).first().waitFor();
    await page.getByText(profiles.card.published).first().waitFor();
    await page
      .getByRole('link', { name: profiles.card.openPublic.replace('{{name}}', owner.displayName) })
      .first()
      .waitFor();
  });
});
