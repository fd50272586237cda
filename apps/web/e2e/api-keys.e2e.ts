import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SessionResponse, TeamResponse } from '@cardcraft/contracts';
import { DESKTOP_WIDTH, expectAccessible, PHONE_WIDTH } from './support/axe';
import { DESKTOP, launchChromium } from './support/browser';
import { startProductIn, type Mode } from './support/cluster';
import { callApi, type RunningProduct } from './support/product';
import { SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';

// an owner makes an API key in Settings, copies it from the one time it is shown, sees a tool use it
// (its last use), revokes it and sees it refused; then a team's admin opens the team's API keys tab.
// in the embedded mode and in the cluster's, each screen audited by axe at 1440 and 390 px.
jest.setTimeout(120_000);

const STEP_TIMEOUT = 10_000;
const stamp = Date.now().toString(36);

let browser: Browser;
let mode: Mode;
let product: RunningProduct;
let context: BrowserContext;

/** the screen at both widths under `npm run screenshots` (the viewport is put back) */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SAVING_SCREENSHOTS) return;
  const original = page.viewportSize();
  try {
    for (const width of [DESKTOP_WIDTH, PHONE_WIDTH]) {
      await page.setViewportSize({ width, height: original?.height ?? 900 });
      await saveScreenshot(page, `api-keys/${name}-${mode}-${width}.png`, { fullPage, settle: true });
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

/** what a tool sees: a request with the key and nothing else */
async function asTool(path: string, key: string): Promise<number> {
  const response = await fetch(`${product.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return response.status;
}

afterAll(async () => {
  await browser?.close();
}, 30_000);

describe.each(['embedded', 'cluster'] as const)('API keys, end to end (%s)', (current) => {
  const owner = {
    displayName: 'Ada Keys',
    email: `ada-keys-${current}-${stamp}@example.com`,
    password: 'analytical-engine',
  };
  let session: SessionResponse;

  beforeAll(async () => {
    mode = current;
    [product, browser] = await Promise.all([startProductIn(mode), browser ?? launchChromium()]);
    session = await callApi<SessionResponse>(product.baseUrl, '/api/auth/register', {
      method: 'POST',
      body: owner,
    });
    context = await browser.newContext({ ...DESKTOP, baseURL: product.baseUrl });
    context.setDefaultTimeout(STEP_TIMEOUT);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await product?.stop();
  }, 60_000);

  it('makes a key in Settings, shows it once, and revokes it', async () => {
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/**');
    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByRole('heading', { name: 'No API keys yet' }).waitFor();
    await expectAccessible(page, 'settings, no API keys');
    await shot(page, 'settings-empty');

    await section.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    // nothing chosen yet: the form says what is missing
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Choose at least one scope').waitFor();
    await dialog.getByLabel('Name').fill('CRM sync');
    await dialog.getByRole('checkbox', { name: /leads:read/ }).check();
    await dialog.getByRole('checkbox', { name: /cards:manage/ }).check();
    // fixed fields lose their errors at once
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await expectAccessible(page, 'create API key dialog');
    // a dialog as the viewport shows it
    await shot(page, 'create-dialog', false);
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const created = page.getByRole('dialog', { name: 'API key created' });
    const field = created.getByLabel('Your new API key');
    await field.waitFor();
    const key = await field.inputValue();
    expect(key).toMatch(/^cck_[A-Za-z0-9_-]{43}$/);
    await created.getByText('it is shown only once').waitFor();
    expect(await created.locator('pre').innerText()).toContain(`Authorization: Bearer ${key}`);
    await created.getByRole('button', { name: 'Copy key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectAccessible(page, 'API key shown once');
    await shot(page, 'shown-once', false);
    await created.getByRole('button', { name: 'Done' }).click();

    // the list: the prefix, never the key; a tool's use shows as the last use
    const row = section.getByTestId('api-key').filter({ hasText: 'CRM sync' });
    await row.getByText(`${key.slice(0, 12)}…`).waitFor();
    expect(await page.content()).not.toContain(key);
    await row.getByText('Never').first().waitFor();
    expect(await asTool('/api/profiles', key)).toBe(200);
    expect(await asTool(`/api/profiles/none/analytics/live`, key)).toBe(403);
    await page.reload();
    await section.getByTestId('api-key').first().waitFor();
    expect(await section.getByTestId('api-key').first().innerText()).not.toMatch(/Last used\s+Never/);
    await expectAccessible(page, 'settings, one API key');
    await shot(page, 'settings-list');

    await row.getByRole('button', { name: 'Revoke the key CRM sync' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('API key revoked').first().waitFor();
    await section.getByRole('heading', { name: 'No API keys yet' }).waitFor();
    expect(await asTool('/api/profiles', key)).toBe(401);
    await page.close();
  });

  it('gives a team’s admins an API keys tab of the team’s own', async () => {
    const team = await callApi<TeamResponse>(product.baseUrl, '/api/teams', {
      method: 'POST',
      token: session.accessToken,
      body: { name: 'Engines Ltd' },
    });
    const page = await context.newPage();
    await page.goto(`/dashboard/teams/${team.id}/members`);
    await page
      .getByRole('navigation', { name: 'Team sections' })
      .getByRole('link', { name: 'API keys' })
      .click();
    await page.getByRole('heading', { name: 'No API keys yet' }).waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name').fill('Team inbox export');
    await dialog.getByRole('checkbox', { name: /leads:read/ }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByLabel('Your new API key').inputValue();
    expect(await page.locator('pre').innerText()).toContain(`/api/teams/${team.id}/leads`);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('api-key').filter({ hasText: 'Team inbox export' }).waitFor();
    expect(await asTool(`/api/teams/${team.id}/leads`, key)).toBe(200);
    expect(await asTool('/api/profiles', key)).toBe(403);
    await expectAccessible(page, 'team API keys');
    await shot(page, 'team-list');
    await page.close();
  });
});
