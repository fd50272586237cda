import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP_WIDTH, expectAccessible } from './support/axe';
import { DESKTOP, IPHONE, launchChromium } from './support/browser';
import { startProductIn, type Mode } from './support/cluster';
import { outboxMails } from './support/outbox';
import { callApi, type RunningProduct } from './support/product';
import { saveAtBothWidths } from './support/screenshots';

// an owner signs in on a laptop and a phone, sees both in Settings' sessions list, signs the phone
// out from the laptop; a stranger's sign-in mails the owner, whose link ends that session signed
// out; then every other session ends at once; a sign-in older than the window of a recent proof
// (a few seconds here) is asked for the password again before a new API key. in the embedded mode and
// in the cluster's, each screen audited by axe at 1440 and 390 px.
jest.setTimeout(150_000);

const STEP_TIMEOUT = 10_000;
/** REAUTHENTICATION_WINDOW of the product under test, short so the suite can wait past it */
const PROOF_WINDOW_MS = 4_000;
const NEW_SIGN_IN = 'New sign-in to your Cardcraft account';
const stamp = Date.now().toString(36);

let browser: Browser;
let mode: Mode;
let product: RunningProduct;
const contexts: BrowserContext[] = [];

const shot = (page: Page, screen: string, fullPage = false) =>
  saveAtBothWidths(page, `sessions/${screen}-${mode}`, fullPage);

/** the new sign-in mails to the address, oldest first, waiting until there are `count` */
const newSignInMails = (to: string, count: number) =>
  outboxMails(product.dataDir, to, {
    count,
    keep: (mail) => mail.subject === NEW_SIGN_IN,
    timeoutMs: STEP_TIMEOUT,
  });

/** a browser of its own (its own cookies: its own device), signed in on the login page */
async function signedInBrowser(
  device: typeof DESKTOP | typeof IPHONE,
  who: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ ...device, baseURL: product.baseUrl });
  context.setDefaultTimeout(STEP_TIMEOUT);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard/**');
  return page;
}

/** whether the page's session still works: the dashboard sends a signed-out browser to sign in */
async function signedOut(page: Page): Promise<boolean> {
  const me = await page.evaluate(() => fetch('/api/auth/me').then((response) => response.status));
  return me === 401;
}

afterAll(async () => {
  await browser?.close();
}, 30_000);

describe.each(['embedded', 'cluster'] as const)("the account's sessions, end to end (%s)", (current) => {
  const owner = {
    displayName: 'Ada Sessions',
    email: `ada-sessions-${current}-${stamp}@example.com`,
    password: 'analytical-engine',
  };

  beforeAll(async () => {
    mode = current;
    [product, browser] = await Promise.all([
      startProductIn(mode, { REAUTHENTICATION_WINDOW: `${PROOF_WINDOW_MS / 1000}s` }),
      browser ?? launchChromium(),
    ]);
    await callApi(product.baseUrl, '/api/auth/register', { method: 'POST', body: owner });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await product?.stop();
  }, 60_000);

  it('lists the laptop and the phone, and signs the phone out from the laptop', async () => {
    const laptop = await signedInBrowser(DESKTOP, owner);
    const phone = await signedInBrowser(IPHONE, owner);
    // each browser was new to the account: one mail each
    await newSignInMails(owner.email, 2);

    await laptop.goto('/dashboard/settings#sessions');
    const section = laptop.getByRole('region', { name: 'Sessions' });
    const rows = section.getByTestId('session');
    await rows.nth(2).waitFor();
    // the sign-up's own session (a script's, no browser) is the third
    expect(await rows.count()).toBe(3);
    const first = await rows.first().innerText();
    expect(first).toContain('Chrome on Linux');
    expect(first).toContain('This device');
    expect(first).toContain('Active now');
    await section.getByText('Mobile Safari on iOS').waitFor();
    await expectAccessible(laptop, 'settings, sessions');
    await shot(laptop, 'list', true);

    await section.getByRole('button', { name: /^Sign out Mobile Safari on iOS, signed in/ }).click();
    await laptop.getByText('Mobile Safari on iOS is signed out.').first().waitFor();
    await section.getByText('Mobile Safari on iOS').waitFor({ state: 'detached' });
    expect(await signedOut(phone)).toBe(true);
    expect(await signedOut(laptop)).toBe(false);
    await phone.goto('/dashboard/settings');
    await phone.waitForURL('**/auth/login**');
  });

  it("ends a stranger's session from the new sign-in mail's link, signed out, then every other one", async () => {
    const stranger = await signedInBrowser(DESKTOP, owner);
    const mails = await newSignInMails(owner.email, 3);
    const mail = mails[mails.length - 1]!;
    expect(mail.text).toContain('from a new device: Chrome on Linux');
    const link = /https?:\/\/\S+\/auth\/end-session#token=[0-9a-f]{24}\.[A-Za-z0-9_-]{43}/.exec(
      mail.text ?? '',
    )?.[0];
    expect(link).toBeDefined();

    // opened where no one is signed in, on a phone
    const context = await browser.newContext({ ...IPHONE, baseURL: product.baseUrl });
    context.setDefaultTimeout(STEP_TIMEOUT);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(new URL(link!).pathname + new URL(link!).hash);
    await page.getByRole('heading', { name: 'Not you?' }).waitFor();
    // opening the link changed nothing
    expect(await signedOut(stranger)).toBe(false);
    await expectAccessible(page, 'end a session from the mail');
    await shot(page, 'end-from-mail', true);
    await page.getByRole('button', { name: 'End that session' }).click();
    await page.getByText('That session has ended.').waitFor();
    await expectAccessible(page, 'the session ended');
    expect(await signedOut(stranger)).toBe(true);

    // the laptop signs out everything else: the sign-up's session is the one left
    const laptop = await signedInBrowser(DESKTOP, owner);
    await laptop.goto('/dashboard/settings#sessions');
    const section = laptop.getByRole('region', { name: 'Sessions' });
    await section.getByTestId('session').nth(2).waitFor();
    await section.getByRole('button', { name: 'Sign out other sessions' }).click();
    const confirm = laptop.getByRole('alertdialog', { name: 'Sign out every other session?' });
    await expectAccessible(laptop, 'sign out every other session', [DESKTOP_WIDTH]);
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await laptop.getByText('Other sessions signed out').first().waitFor();
    await section.getByRole('button', { name: 'Sign out other sessions' }).waitFor({ state: 'detached' });
    expect(await section.getByTestId('session').count()).toBe(1);
    expect(await signedOut(laptop)).toBe(false);
  });

  it('asks a sign-in older than the window for the password again before a new API key', async () => {
    const laptop = await signedInBrowser(DESKTOP, owner);
    const signedInAt = Date.now();
    await laptop.goto('/dashboard/settings#api-keys');
    const section = laptop.getByRole('region', { name: 'API keys' });
    await section.getByRole('button', { name: 'Create API key' }).waitFor();
    await laptop.waitForTimeout(Math.max(0, signedInAt + PROOF_WINDOW_MS + 500 - Date.now()));

    await section.getByRole('button', { name: 'Create API key' }).click();
    const creating = laptop.getByRole('dialog', { name: 'Create API key' });
    await creating.getByLabel('Name').fill('CRM sync');
    await creating.getByRole('checkbox', { name: /leads:read/ }).check();
    await creating.getByRole('button', { name: 'Create key' }).click();

    const confirm = laptop.getByRole('dialog', { name: 'Confirm it’s you' });
    await confirm.getByText('confirm your password to make “CRM sync”').waitFor();
    await confirm.getByLabel('Password').fill('not-the-password');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.getByText('That password is not right').waitFor();
    await expectAccessible(laptop, 'confirm it is you, a wrong password');
    await shot(laptop, 'confirm-its-you');

    await confirm.getByLabel('Password').fill(owner.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const created = laptop.getByRole('dialog', { name: 'API key created' });
    expect(await created.getByLabel('Your new API key').inputValue()).toMatch(/^cck_[A-Za-z0-9_-]{43}$/);
  });
});
