import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/axe';
import { DESKTOP, IPHONE, launchChromium, waitForNetworkQuiet } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';
import { saveScreenshot } from './support/screenshots';

// the owner questions the analytics in Chromium, on the built product, at 1440 and 390 px with axe:
// a custom range picked on the calendar, a country clicked into a filter (its chip, the figures
// narrowed), the All cards overview sorted; then the card's analytics shared by link, behind a password.
// visits are seeded through the server-rendered card with forwarded addresses the bundled GeoLite
// database places in Germany and France (TRUST_PROXY believes the loopback proxy).
jest.setTimeout(180_000);

const STEP_TIMEOUT = 15_000;
const stamp = Date.now().toString(36);
const owner = {
  displayName: 'Ada Lovelace',
  email: `questions.${stamp}@example.com`,
  password: 'analytical engine',
};
const handle = `ada-${stamp}`;
const GERMANY = '5.9.0.1';
const FRANCE = '212.27.48.10';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** a JSON call from the page, with the owner's session cookie */
function fromPage<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
    { path, init },
  );
}

/** a guest's view of the card from an address in a country */
async function visitFrom(ip: string): Promise<void> {
  const response = await fetch(`${product.baseUrl}/u/${handle}`, {
    headers: { 'x-forwarded-for': ip, 'user-agent': PHONE_UA, accept: 'text/html' },
  });
  if (!response.ok) throw new Error(`the card answered ${response.status}`);
}

/** the Total Visits figure on the board */
async function totalVisits(): Promise<number> {
  return Number((await page.getByTestId('stat-totalVisits').textContent())?.replace(/\D/g, ''));
}

async function shot(name: string): Promise<void> {
  await saveScreenshot(page, `analytics-questions/${name}.png`, { animations: 'disabled', fullPage: true });
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct({ TRUST_PROXY: '127.0.0.1' }), launchChromium()]);
  context = await browser.newContext({ ...DESKTOP, baseURL: product.baseUrl, timezoneId: 'Asia/Kolkata' });
  context.setDefaultTimeout(STEP_TIMEOUT);
  page = await context.newPage();
  await page.goto('/auth/register');
  await page.getByLabel('Display Name').fill(owner.displayName);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Confirm Password').fill(owner.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/dashboard/onboarding');
  await fromPage('/api/profiles', {
    method: 'POST',
    // the card collects the visitor's location (off by default), so the countries have rows
    body: {
      handle,
      displayName: 'Ada Lovelace',
      published: true,
      contact: { email: 'ada@example.com' },
      privacy: { collectGeo: true },
    },
  });
  await fromPage('/api/profiles', {
    method: 'POST',
    body: { handle: `bab-${stamp}`, displayName: 'Charles Babbage', published: true, contact: {} },
  });
  for (const ip of [GERMANY, GERMANY, FRANCE]) await visitFrom(ip);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await product?.stop();
}, 60_000);

describe('questions an owner asks the analytics', () => {
  it('picks a custom range on the calendar, into the address', async () => {
    await page.goto(`/dashboard/analytics?card=${handle}`);
    // the three seeded visits reach the figures within seconds
    const deadline = Date.now() + 20_000;
    await page.getByText('Total Visits').first().waitFor();
    while ((await totalVisits()) < 3) {
      if (Date.now() > deadline) throw new Error('the seeded visits did not reach the dashboard within 20 s');
      await page.waitForTimeout(1000);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await waitForNetworkQuiet(page);
    }
    // from the keyboard at each width: today is focused; some days back is the first day, today the last
    for (const [viewport, daysBack] of [
      [DESKTOP.viewport, 7],
      [IPHONE.viewport, 3],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.getByRole('button', { name: /^Choose dates/ }).click();
      const calendar = page.getByRole('dialog', { name: 'Choose the first and the last day' });
      await calendar.waitFor();
      const today = calendar.locator('[data-today] button');
      await today.focus();
      for (let i = 0; i < daysBack; i++) await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await today.click();
      const before = page.url();
      await calendar.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(
        (url) => url.href !== before && /from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/.test(url.href),
      );
      await page.getByTestId('range-note').filter({ hasText: 'days in' }).waitFor();
      await waitForNetworkQuiet(page);
      expect(await totalVisits()).toBe(3);
    }
    await page.setViewportSize(DESKTOP.viewport);
    await expectAccessible(page, 'analytics with a custom range');
    await shot('custom-range');
  });

  it('filters by a country from its row: the chip, narrower figures, and the chip takes it away', async () => {
    for (const viewport of [DESKTOP.viewport, IPHONE.viewport]) {
      await page.setViewportSize(viewport);
      await page.getByRole('button', { name: 'Filter by country: Germany' }).click();
      await page.getByText('Country is Germany').waitFor();
      expect(page.url()).toContain('country=DE');
      await waitForNetworkQuiet(page);
      expect(await totalVisits()).toBe(2);
      expect(await page.getByRole('button', { name: 'Filter by country: France' }).count()).toBe(0);
      await expectAccessible(page, 'analytics filtered by country', [viewport.width]);
      await shot(`country-filter-${viewport.width}`);
      await page.getByRole('button', { name: 'Remove filter: Country is Germany' }).click();
      await page.getByRole('button', { name: 'Filter by country: France' }).waitFor();
      expect(await totalVisits()).toBe(3);
    }
    // Back returns to the filtered view
    await page.goBack();
    await page.getByText('Country is Germany').waitFor();
  });

  it('opens All cards and sorts the table by a header', async () => {
    await page.setViewportSize(DESKTOP.viewport);
    await page.getByRole('link', { name: 'All cards' }).click();
    await page.waitForURL(/\/dashboard\/analytics\/overview\?/);
    const table = page.getByRole('table');
    await table.waitFor();
    const first = () => table.getByRole('rowheader').first().textContent();
    const sortByCard = () => page.getByRole('button', { name: /^Card/ }).click();
    expect(await first()).toContain('Ada Lovelace');
    await sortByCard();
    expect(await first()).toContain('Ada Lovelace');
    await sortByCard();
    expect(await first()).toContain('Charles Babbage');
    expect(await page.getByRole('columnheader', { name: /Card/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    // on a phone the same table sorts by views: the visited card first
    await page.setViewportSize(IPHONE.viewport);
    await page.getByRole('button', { name: /^Views/ }).click();
    const views = page.getByRole('columnheader', { name: /Views/ });
    if ((await views.getAttribute('aria-sort')) !== 'descending')
      await page.getByRole('button', { name: /^Views/ }).click();
    expect(await views.getAttribute('aria-sort')).toBe('descending');
    expect(await first()).toContain('Ada Lovelace');
    await page.setViewportSize(DESKTOP.viewport);
    await expectAccessible(page, 'analytics overview');
    await shot('overview');
    // a row opens that card's analytics for the same range
    await table.getByRole('link', { name: 'Ada Lovelace' }).click();
    await page.waitForURL(new RegExp(`/dashboard/analytics\\?card=${handle}&from=`));
  });

  it('shares the analytics behind a password from the Share dialog, and the link opens read-only', async () => {
    await page.goto(`/dashboard/analytics?card=${handle}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this dashboard' });
    await dialog.getByLabel('Label').fill('For the board');
    await dialog.getByLabel('Password').fill('difference engine');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const address = dialog.getByRole('textbox', { name: 'Address of For the board' });
    await address.waitFor();
    const share = { url: await address.inputValue() };
    await expectAccessible(page, 'the share dialog');
    await page.keyboard.press('Escape');
    const guest = await browser.newContext({ ...IPHONE, baseURL: product.baseUrl });
    try {
      const shared = await guest.newPage();
      await shared.goto(new URL(share.url).pathname);
      await shared.getByLabel('Password').fill('wrong password');
      await shared.getByRole('button', { name: 'Unlock' }).click();
      await shared.getByRole('alert').filter({ hasText: 'This password is not right' }).waitFor();
      await shared.getByLabel('Password').fill('difference engine');
      await shared.getByRole('button', { name: 'Unlock' }).click();
      await shared.getByText('Read-only').waitFor();
      await shared.getByText('Total Visits').first().waitFor();
      expect(await shared.getByText('Recent Visitors').count()).toBe(0);
      expect(await shared.getByRole('button', { name: /Visits CSV/ }).count()).toBe(0);
      expect(await shared.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      await expectAccessible(shared, 'shared analytics');
      // the same browser at desktop width keeps the link open (its cookie) and filters like the owner
      await shared.setViewportSize(DESKTOP.viewport);
      await shared.reload();
      await shared.getByRole('button', { name: 'Filter by country: Germany' }).click();
      await shared.getByText('Country is Germany').waitFor();
      await waitForNetworkQuiet(shared);
      expect(Number((await shared.getByTestId('stat-totalVisits').textContent())?.replace(/\D/g, ''))).toBe(
        2,
      );
      await shared.goto('/share/no-such-token');
      await shared.getByText('This dashboard is not shared').waitFor();
    } finally {
      await guest.close();
    }
  });
});
