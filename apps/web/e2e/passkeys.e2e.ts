import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP_WIDTH, expectAccessible } from './support/axe';
import { DESKTOP, launchChromium } from './support/browser';
import { startProductIn, type Mode } from './support/cluster';
import { callApi, type RunningProduct } from './support/product';
import { saveAtBothWidths } from './support/screenshots';

// an owner adds a passkey in Settings (Chromium's virtual authenticator, through the DevTools
// protocol's WebAuthn domain, plays the fingerprint reader), signs out and back in with it and no
// password, then renames and removes it. the product is reached as localhost: browsers take no IP
// address for a passkey's site. in the embedded mode and in the cluster's, each screen audited by axe
// at 1440 and 390 px.
jest.setTimeout(150_000);

const STEP_TIMEOUT = 10_000;
const stamp = Date.now().toString(36);

let browser: Browser;
let mode: Mode;
let product: RunningProduct;
let context: BrowserContext;

const shot = (page: Page, screen: string, fullPage = false) =>
  saveAtBothWidths(page, `passkeys/${screen}-${mode}`, fullPage);

/** a page whose browser has a platform authenticator that verifies its user at once */
async function pageWithAuthenticator(): Promise<Page> {
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('WebAuthn.enable');
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

afterAll(async () => {
  await browser?.close();
}, 30_000);

describe.each(['embedded', 'cluster'] as const)('passkeys, end to end (%s)', (current) => {
  const owner = {
    displayName: 'Ada Passkey',
    email: `ada-passkey-${current}-${stamp}@example.com`,
    password: 'analytical-engine',
  };

  beforeAll(async () => {
    mode = current;
    [product, browser] = await Promise.all([
      startProductIn(mode, {}, { publicHost: 'localhost' }),
      browser ?? launchChromium(),
    ]);
    await callApi(product.baseUrl, '/api/auth/register', { method: 'POST', body: owner });
    context = await browser.newContext({ ...DESKTOP, baseURL: product.baseUrl });
    context.setDefaultTimeout(STEP_TIMEOUT);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await product?.stop();
  }, 60_000);

  it('adds a passkey in Settings, signs in with it instead of the password, renames and removes it', async () => {
    const page = await pageWithAuthenticator();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/**');

    await page.goto('/dashboard/settings#passkeys');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('No passkeys yet.').waitFor();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await expectAccessible(page, 'add a passkey');
    await shot(page, 'add');
    await dialog.getByLabel('Name').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Passkey added').first().waitFor();
    const row = card.getByTestId('passkey').filter({ hasText: 'Work laptop' });
    await row.getByText('Last used never').waitFor();
    await expectAccessible(page, 'settings, one passkey');
    await shot(page, 'list', true);

    // signed out, then in again with the passkey alone
    expect(
      await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }).then((r) => r.status)),
    ).toBe(204);
    await page.goto('/auth/login');
    await expectAccessible(page, 'sign-in with a passkey offered');
    await shot(page, 'sign-in');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL('**/dashboard/**');

    await page.goto('/dashboard/settings#passkeys');
    await row.getByText(/Last used (?!never)/).waitFor();
    await row.getByRole('button', { name: 'Rename the passkey Work laptop' }).click();
    const renaming = page.getByRole('dialog', { name: 'Rename the passkey' });
    await renaming.getByLabel('Name').fill('Travel laptop');
    await renaming.getByRole('button', { name: 'Save' }).click();
    const renamed = card.getByTestId('passkey').filter({ hasText: 'Travel laptop' });
    await renamed.waitFor();

    await renamed.getByRole('button', { name: 'Remove the passkey Travel laptop' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
    await expectAccessible(page, 'remove a passkey', [DESKTOP_WIDTH]);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await card.getByText('No passkeys yet.').waitFor();
    await page.close();
  });
});
