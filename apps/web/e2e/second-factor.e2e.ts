import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SessionResponse, TeamResponse } from '@cardcraft/contracts';
import { expectAccessible, PHONE_WIDTH } from './support/axe';
import { DESKTOP, IPHONE, launchChromium } from './support/browser';
import { startProductIn, type Mode } from './support/cluster';
import { outboxMails } from './support/outbox';
import { callApi, type RunningProduct } from './support/product';
import { saveAtBothWidths } from './support/screenshots';

// an owner turns two-step verification on in Settings (the QR code's key read off the page, the
// codes made as their phone would), saves the recovery codes, signs in again with a code and, on a
// phone, with a recovery code; then requires it of their team, whose member without it is kept out
// until they turn it on. in the embedded mode and in the cluster's, each screen audited by axe at
// 1440 and 390 px.
jest.setTimeout(180_000);

const STEP_TIMEOUT = 10_000;
const stamp = Date.now().toString(36);

let browser: Browser;
let mode: Mode;
let product: RunningProduct;
const contexts: BrowserContext[] = [];

const shot = (page: Page, screen: string, fullPage = false) =>
  saveAtBothWidths(page, `second-factor/${screen}-${mode}`, fullPage);

/** the code an authenticator app shows now, or `offsetSeconds` from now */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function newPage(device: typeof DESKTOP | typeof IPHONE): Promise<Page> {
  const context = await browser.newContext({ ...device, baseURL: product.baseUrl });
  context.setDefaultTimeout(STEP_TIMEOUT);
  contexts.push(context);
  return context.newPage();
}

async function passwordStep(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** the token of the newest team invitation mailed to the address */
async function invitationToken(to: string): Promise<string> {
  const invitation = /\/invite#token=([A-Za-z0-9_-]+)/;
  const mails = await outboxMails(product.dataDir, to, {
    keep: (mail) => invitation.test(mail.text ?? ''),
    timeoutMs: STEP_TIMEOUT,
  });
  return invitation.exec(mails[mails.length - 1]!.text ?? '')![1]!;
}

afterAll(async () => {
  await browser?.close();
}, 30_000);

describe.each(['embedded', 'cluster'] as const)('two-step verification, end to end (%s)', (current) => {
  const owner = {
    displayName: 'Ada Twostep',
    email: `ada-2fa-${current}-${stamp}@example.com`,
    password: 'analytical-engine',
  };
  const member = {
    displayName: 'Charles Member',
    email: `charles-2fa-${current}-${stamp}@example.com`,
    password: 'difference-engine',
  };
  let secret = '';
  let recoveryCodes: string[] = [];
  let ownerSession: SessionResponse;

  beforeAll(async () => {
    mode = current;
    [product, browser] = await Promise.all([startProductIn(mode), browser ?? launchChromium()]);
    ownerSession = await callApi<SessionResponse>(product.baseUrl, '/api/auth/register', {
      method: 'POST',
      body: owner,
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await product?.stop();
  }, 60_000);

  it('is turned on in Settings with the app’s first code, and shows the recovery codes once', async () => {
    const page = await newPage(DESKTOP);
    await passwordStep(page, owner);
    await page.waitForURL('**/dashboard/**');
    await page.goto('/dashboard/settings#security');
    const card = page.getByRole('region', { name: 'Two-step verification' });
    await card.getByText('Off. Sign-in asks only for your password.').waitFor();
    await card.getByRole('button', { name: 'Turn on' }).click();

    const dialog = page.getByRole('dialog', { name: 'Turn on two-step verification' });
    await dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    secret = (await dialog.getByTestId('setup-key').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, 'two-step verification setup');
    await shot(page, 'setup');
    // a wrong code first: said on the field, nothing turned on
    await dialog.getByLabel('Code from the app').fill('000000');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByText('That code did not work').waitFor();
    await dialog.getByLabel('Code from the app').fill(await codeAt(secret, -30));
    await dialog.getByRole('button', { name: 'Turn on' }).click();

    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const list = saved.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = await list.getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessible(page, 'recovery codes');
    await shot(page, 'recovery-codes');
    await saved.getByRole('button', { name: 'Done' }).click();
    await card.getByText('10 recovery codes left.').waitFor();
    await card.getByText('On', { exact: true }).waitFor();
    await expectAccessible(page, 'settings, two-step verification on');
  });

  it('asks for the code after the password, and takes a recovery code on a phone', async () => {
    const page = await newPage(DESKTOP);
    await passwordStep(page, owner);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await expectAccessible(page, 'sign-in, the code');
    await shot(page, 'sign-in-code');
    await page.getByLabel('Code').fill(await codeAt(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard/**');

    const phone = await newPage(IPHONE);
    await passwordStep(phone, owner);
    await phone.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await phone.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await expectAccessible(phone, 'sign-in, a recovery code', [PHONE_WIDTH]);
    await phone.getByRole('button', { name: 'Verify' }).click();
    await phone.waitForURL('**/dashboard/**');

    // the same recovery code again: one answer for every code that does not work
    const again = await newPage(IPHONE);
    await passwordStep(again, owner);
    await again.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await again.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByRole('alert').getByText('That code did not work').waitFor();
  });

  it('is required of the team by its owner; a member without it is kept out until they turn it on', async () => {
    const team = await callApi<TeamResponse>(product.baseUrl, '/api/teams', {
      method: 'POST',
      token: ownerSession.accessToken,
      body: { name: `Engines ${current}` },
    });
    const joined = await callApi<SessionResponse>(product.baseUrl, '/api/auth/register', {
      method: 'POST',
      body: member,
    });
    await callApi(product.baseUrl, `/api/teams/${team.id}/invitations`, {
      method: 'POST',
      token: ownerSession.accessToken,
      body: { email: member.email, role: 'member' },
    });
    await callApi(product.baseUrl, '/api/invitations/accept', {
      method: 'POST',
      token: joined.accessToken,
      body: { token: await invitationToken(member.email) },
    });

    const page = await newPage(DESKTOP);
    await passwordStep(page, owner);
    await page.getByLabel('Code').fill(await codeAt(secret, 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard/**');
    await page.goto(`/dashboard/teams/${team.id}/members`);
    await page.getByRole('switch', { name: 'Require two-step verification' }).click();
    await page.getByText('Two-step verification required').first().waitFor();
    await page.getByText('Kept out: no 2-step').waitFor();
    await page.getByText('2-step on').waitFor();
    await expectAccessible(page, 'team members, two-step verification required');
    await shot(page, 'team-members', true);

    const other = await newPage(IPHONE);
    await passwordStep(other, member);
    await other.waitForURL('**/dashboard/**');
    await other.goto(`/dashboard/teams/${team.id}/cards`);
    await other.getByRole('heading', { name: 'Two-step verification required' }).waitFor();
    await expectAccessible(other, 'a team that requires two-step verification');
    await shot(other, 'kept-out');
    await other.getByRole('link', { name: 'Turn it on in Settings' }).click();
    await other.waitForURL('**/dashboard/settings#security');
  });
});
