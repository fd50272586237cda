import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  cardBrandColors,
  LOCKED_FIELD_MESSAGE,
  type ErrorResponse,
  type ProfileResponse,
  type SessionResponse,
  type TeamCardResponse,
} from '@cardcraft/contracts';
import { DESKTOP_WIDTH, expectAccessible, PHONE_WIDTH } from './support/axe';
import { DESKTOP, IPHONE, launchChromium, waitForNetworkQuiet } from './support/browser';
import { startProductIn, type Mode } from './support/cluster';
import { callApi, type RunningProduct } from './support/product';
import { SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';

// a team from start to end, in Chromium, in the embedded mode and in the cluster's: an admin makes the
// team, its brand and a template that locks the company, and invites a member, who signs up from the
// e-mail's link on a phone (its token in the fragment, kept in the tab while they sign up), joins, finds
// the company read-only on their card (and the API refusing it) and publishes; a visitor leaves a
// message; the admin finds it and the visit in the team's pages, then removes the member, keeping the
// card, and opens its QR code in the brand. each test builds on the one before.
jest.setTimeout(120_000);

const STEP_TIMEOUT = 10_000;
const stamp = Date.now().toString(36);
const admin = {
  displayName: 'Bill Lumbergh',
  email: `bill-${stamp}@initech.example`,
  password: 'tps-report-1',
};
const member = {
  displayName: 'Peter Gibbons',
  email: `peter-${stamp}@initech.example`,
  password: 'flair-15-pieces',
};
const BRAND = { company: 'Initech', website: 'https://initech.example', primary: '#1d4ed8' };
const MESSAGE = `Let's talk about the TPS reports (${stamp})`;

let browser: Browser;
let mode: Mode;
let product: RunningProduct;
let contexts: BrowserContext[] = [];
// what the steps learn and pass on
let adminPage: Page;
let adminId: string;
let teamId: string;
let inviteLink: string;
let memberPage: Page;
let card: ProfileResponse;

async function open(device: typeof DESKTOP | typeof IPHONE): Promise<Page> {
  const context = await browser.newContext({ ...device, baseURL: product.baseUrl });
  context.setDefaultTimeout(STEP_TIMEOUT);
  contexts.push(context);
  return context.newPage();
}

/** the screen at both widths, as axe audits it, under `npm run screenshots` (the viewport is put back) */
async function shot(page: Page, name: string): Promise<void> {
  if (!SAVING_SCREENSHOTS) return;
  const original = page.viewportSize();
  try {
    for (const width of [DESKTOP_WIDTH, PHONE_WIDTH]) {
      await page.setViewportSize({ width, height: original?.height ?? 900 });
      await saveScreenshot(page, `teams/${name}-${mode}-${width}.png`, { fullPage: true, settle: true });
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

/** a tab of the team's page, once its content has loaded */
async function tab(page: Page, name: string, ready: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Team sections' }).getByRole('link', { name }).click();
  await page.getByText(ready).first().waitFor();
}

/** a JSON call from the page, with its session cookie: what the app itself could send */
function fetchFrom<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
    },
    { path, init },
  ) as Promise<{ status: number; body: T }>;
}

/** the link of the newest mail in the api's outbox to this address, waiting for it to be written */
async function invitationLink(to: string): Promise<string> {
  const outbox = join(product.dataDir, 'outbox');
  const deadline = Date.now() + STEP_TIMEOUT;
  for (;;) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
    for (const name of files.sort().reverse()) {
      const mail = await simpleParser(readFileSync(join(outbox, name)));
      if (Array.isArray(mail.to) || mail.to?.value[0].address !== to) continue;
      // a new browser's sign-in is told by mail too
      if (mail.subject === 'New sign-in to your Cardcraft account') continue;
      const link = /https?:\/\/[^\s"'<>]+\/invite#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
      if (!link) throw new Error(`no /invite#token= link in the mail to ${to}:\n${mail.text}`);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterAll(async () => {
  await browser?.close();
}, 30_000);

describe.each(['embedded', 'cluster'] as const)('a team, end to end (%s)', (current) => {
  beforeAll(async () => {
    mode = current;
    // a team's webhook may point at this machine (the endpoint is saved, not called)
    const env = { WEBHOOK_ALLOW_PRIVATE: 'true' };
    [product, browser] = await Promise.all([startProductIn(mode, env), browser ?? launchChromium()]);
    const session = await callApi<SessionResponse>(product.baseUrl, '/api/auth/register', {
      method: 'POST',
      body: admin,
    });
    adminId = session.userId;
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
    await product?.stop();
  }, 60_000);

  it('an admin creates a team and sets its brand', async () => {
    adminPage = await open(DESKTOP);
    const page = adminPage;
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/**');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Teams' }).click();
    await page.getByRole('heading', { name: 'No teams yet' }).waitFor();
    await expectAccessible(page, 'teams, none yet');
    await page.getByLabel('Team name').fill('Initech Sales');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.waitForURL('**/dashboard/teams/*/brand');
    teamId = new URL(page.url()).pathname.split('/')[3];

    await page.getByLabel('Company name').fill(BRAND.company);
    await page.getByLabel('Website').fill(BRAND.website);
    await page.getByLabel('Primary colour', { exact: true }).fill(BRAND.primary);
    // the hint says how the colour shows on the dark theme: made lighter to read
    const aurora = cardBrandColors(BRAND.primary, 'aurora').accentColor;
    await page.getByTestId('contrast-hint').getByText(aurora).waitFor();
    await expectAccessible(page, 'brand');
    await shot(page, 'brand');
    await page.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText('Brand saved').first().waitFor();
  });

  it('makes a template that locks the company', async () => {
    const page = adminPage;
    await tab(page, 'Templates', 'No templates yet');
    await page.getByRole('link', { name: 'New template' }).first().click();
    await page.getByLabel('Template name').fill('Sales');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Account executive');
    // a new template starts with the brand's company
    expect(await page.getByRole('textbox', { name: 'Company', exact: true }).inputValue()).toBe(
      BRAND.company,
    );
    await page.getByRole('checkbox', { name: 'Company' }).check();
    await expectAccessible(page, 'template editor');
    await shot(page, 'template-editor');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(`**/dashboard/teams/${teamId}/templates`);
    await page.getByRole('heading', { name: 'Sales' }).waitFor();
    await page.getByText('0 cards made from it', { exact: false }).waitFor();
  });

  it('invites a member with a card from the template, and the invitation is mailed', async () => {
    const page = adminPage;
    await tab(page, 'Invitations', 'Invite someone');
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByRole('combobox', { name: 'Their card', exact: true }).click();
    await page.getByRole('option', { name: 'Sales' }).click();
    await page.getByLabel('Name', { exact: true }).fill(member.displayName);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent').first().waitFor();
    await page.getByTestId('invitation').filter({ hasText: member.email }).waitFor();
    await expectAccessible(page, 'invitations');
    await shot(page, 'invitations');
    inviteLink = await invitationLink(member.email);
    // the secret is in the fragment, which no browser sends: 32 random bytes in base64url
    expect(inviteLink).toMatch(new RegExp(`^${product.baseUrl}/invite#token=[A-Za-z0-9_-]{43}$`));
  });

  it('the member signs up from the link on a phone and joins', async () => {
    memberPage = await open(IPHONE);
    const page = memberPage;
    const token = new URL(inviteLink).hash.slice('#token='.length);
    // where the token went: only in the bodies of the two invitation routes, never in an address
    const leaks: string[] = [];
    page.on('request', (request) => {
      const inBody = (request.postData() ?? '').includes(token);
      const invitationRoute = /\/api\/invitations\/(preview|accept)$/.test(request.url());
      if (request.url().includes(token) || (inBody && !invitationRoute)) leaks.push(request.url());
    });
    await page.goto(inviteLink);
    await page.getByRole('heading', { name: 'Join Initech Sales' }).waitFor();
    // kept in the tab, and off the address bar
    expect(page.url()).toBe(`${product.baseUrl}/invite`);
    await page.getByText(member.email).first().waitFor();
    await expectAccessible(page, 'invitation, signed out');
    await shot(page, 'invite');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/auth/register?next=*');
    // the invited address comes along
    expect(await page.getByLabel('Email').inputValue()).toBe(member.email);
    await page.getByLabel('Display Name').fill(member.displayName);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm Password').fill(member.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/invite');
    await page.getByRole('button', { name: 'Join Initech Sales' }).waitFor();
    await expectAccessible(page, 'invitation, signed in');
    await shot(page, 'invite-signed-in');
    await page.getByRole('button', { name: 'Join Initech Sales' }).click();
    await page.waitForURL(`**/dashboard/teams/${teamId}/**`);
    expect(leaks).toEqual([]);
    // joined: the tab keeps nothing of the secret
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain(token);
    // a member sees the team's cards, leads and analytics tabs, not its people or brand
    const tabs = page.getByRole('navigation', { name: 'Team sections' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(['Cards', 'Leads', 'Analytics']);
    // nor its webhooks and API keys: a link to either lands on the cards, and the API refuses them
    for (const adminTab of ['webhooks', 'api-keys']) {
      await page.goto(`/dashboard/teams/${teamId}/${adminTab}`);
      await page.waitForURL(`**/dashboard/teams/${teamId}/cards`);
      expect((await fetchFrom(page, `/api/teams/${teamId}/${adminTab}`)).status).toBe(403);
    }
  });

  it('finds the team card with its company read-only, which the API refuses to change too, and publishes it', async () => {
    const page = memberPage;
    const mine = await fetchFrom<ProfileResponse[]>(page, '/api/profiles');
    expect(mine.body).toHaveLength(1);
    card = mine.body[0];
    expect(card.team).toMatchObject({ teamId, teamName: 'Initech Sales', lockedFields: ['contact.company'] });
    expect(card.contact.company).toBe(BRAND.company);

    await page.getByRole('link', { name: `Edit @${card.handle}` }).click();
    await page.waitForURL(`**/dashboard/profile/${card.id}`);
    await page.getByTestId('team-badge').getByText('Initech Sales').waitFor();
    const company = page.getByRole('textbox', { name: 'Company', exact: true });
    expect(await company.getAttribute('readonly')).not.toBeNull();
    const described = await company.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(described).toContain(LOCKED_FIELD_MESSAGE);
    await expectAccessible(page, 'editor of a team card');
    await shot(page, 'editor-locked');

    const {
      id: _id,
      ownerId: _owner,
      team: _team,
      publishedAtUtc: _at,
      createdAtUtc: _c,
      updatedAtUtc: _u,
      ...body
    } = card;
    const forced = await fetchFrom<ErrorResponse>(page, `/api/profiles/${card.id}`, {
      method: 'PUT',
      body: { ...body, contact: { ...body.contact, company: 'Initrode' } },
    });
    expect(forced.status).toBe(403);
    expect(forced.body.error).toBe(LOCKED_FIELD_MESSAGE);
    expect(forced.body.errors).toEqual([{ field: 'contact.company', message: LOCKED_FIELD_MESSAGE }]);

    await page.getByLabel('Tagline').fill('Software engineer, TPS reports');
    await page.getByRole('switch', { name: /Draft/ }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('**/dashboard/home');
    await page.getByText('Team · Initech Sales').first().waitFor();
  });

  it('a visitor sees the card in the brand and leaves a message', async () => {
    const page = await open(IPHONE);
    await page.goto(`/u/${card.handle}`);
    await page.getByRole('heading', { level: 1, name: card.displayName }).waitFor();
    const root = page.locator('[data-theme]');
    const theme = (await root.getAttribute('data-theme')) as 'aurora' | 'noir' | 'solar';
    const accent = await root.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--card-accent'));
    expect(accent).toBe(cardBrandColors(BRAND.primary, theme).accentColor);
    expect(await page.getByRole('link', { name: /^Initech/ }).getAttribute('href')).toBe(BRAND.website);
    await expectAccessible(page, 'card in the brand');
    await page.getByLabel('Your email').fill(`joanna-${stamp}@chotchkies.example`);
    await page.getByRole('textbox', { name: /^Message/ }).fill(MESSAGE);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thanks! The owner has received your message.').waitFor();
    await shot(page, 'card-in-brand');
  });

  it("the admin finds the message in the team's inbox and the visit in its analytics", async () => {
    const page = adminPage;
    await page.goto(`/dashboard/teams/${teamId}/leads`);
    await page.getByText(MESSAGE).waitFor();
    await page.getByText(`@${card.handle}`).first().waitFor();
    await expectAccessible(page, 'team leads');
    await shot(page, 'leads');

    await tab(page, 'Analytics', 'Period');
    const row = page.getByTestId('team-card-figures').filter({ hasText: `@${card.handle}` });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const visits = (await row.count()) > 0 ? Number(await row.locator('td').first().textContent()) : 0;
      if (visits >= 1) break;
      if (Date.now() > deadline) throw new Error('the visit did not reach the team analytics within 20 s');
      await page.waitForTimeout(1000);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await waitForNetworkQuiet(page);
    }
    await page.getByText('Visits by card').first().waitFor();
    await expectAccessible(page, 'team analytics');
    await shot(page, 'analytics');
  });

  it('the admin removes the member, keeping the card published at its address, now theirs', async () => {
    const page = adminPage;
    await tab(page, 'Members', member.email);
    await shot(page, 'members');
    await page.getByRole('button', { name: `Remove ${member.displayName} from the team` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${member.displayName}?` });
    expect(await dialog.getByRole('radio', { name: /Give to an admin/ }).isChecked()).toBe(true);
    await dialog.getByText(`${admin.displayName} (you)`).waitFor();
    await expectAccessible(page, 'remove a member');
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await page.getByText(`${member.displayName} removed`).first().waitFor();

    await tab(page, 'Cards', `@${card.handle}`);
    const row = page.getByTestId('team-card').filter({ hasText: `@${card.handle}` });
    await row.getByText(admin.displayName).first().waitFor();
    await expectAccessible(page, 'team cards');
    await shot(page, 'cards');

    // the card's QR code through its own routes, starting in the brand's colour on white
    await page.getByRole('button', { name: `More for @${card.handle}` }).click();
    await page.getByRole('menuitem', { name: 'QR code' }).click();
    const qr = page.getByRole('dialog', { name: 'Profile QR Code' });
    await qr.getByTestId('qr-preview').waitFor();
    expect(await qr.getByRole('textbox', { name: 'Code colour', exact: true }).inputValue()).toBe(
      BRAND.primary,
    );
    expect(await qr.getByRole('textbox', { name: 'Background', exact: true }).inputValue()).toBe('#ffffff');
    await expectAccessible(page, 'team card QR code');
    await shot(page, 'qr-in-brand');
    await page.keyboard.press('Escape');
    await qr.waitFor({ state: 'hidden' });
    const cards = await fetchFrom<TeamCardResponse[]>(page, `/api/teams/${teamId}/cards`);
    expect(cards.body.find((c) => c.profileId === card.id)).toMatchObject({
      handle: card.handle,
      published: true,
      holder: { userId: adminId },
    });

    const visitor = await open(IPHONE);
    const answer = await visitor.goto(`/u/${card.handle}`);
    expect(answer?.status()).toBe(200);
    await visitor.getByRole('heading', { level: 1, name: card.displayName }).waitFor();
  });

  it("the admin adds the team's webhook and API key, on a wide screen and on a phone", async () => {
    const page = adminPage;
    // nothing listens on port 9: the endpoint is saved, and this test sends it nothing
    const hookUrl = `http://127.0.0.1:9/initech-${stamp}`;
    await tab(page, 'Webhooks', 'No webhooks yet');
    await expectAccessible(page, 'team webhooks, none yet');
    await shot(page, 'webhooks-empty');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add an endpoint' });
    await form.getByLabel('Endpoint URL').fill(hookUrl);
    await form.getByLabel('Description').fill('Initech CRM');
    await form.getByRole('checkbox', { name: /A card is published/ }).check();
    // the team's cards to choose from: this one only
    await form.getByRole('checkbox', { name: `${card.displayName} (/u/${card.handle})` }).check();
    await expectAccessible(page, 'team webhooks, the endpoint form');
    await shot(page, 'webhooks-form');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const added = page.getByRole('dialog', { name: 'Endpoint added' });
    expect(await added.getByTestId('signing-secret').textContent()).toMatch(/^whsec_/);
    await expectAccessible(page, 'team webhooks, the secret shown once');
    await shot(page, 'webhooks-secret');
    await added.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Initech CRM' }).waitFor();
    await page.getByText('1 of the cards').waitFor();
    await expectAccessible(page, 'team webhooks, one endpoint');
    await shot(page, 'webhooks-list');
    const hooks = await fetchFrom<Array<{ url: string; events: string[]; cardIds: string[] | null }>>(
      page,
      `/api/teams/${teamId}/webhooks`,
    );
    expect(hooks.body).toEqual([expect.objectContaining({ url: hookUrl, cardIds: [card.id] })]);
    expect([...hooks.body[0].events].sort()).toEqual(['card.published', 'lead.created']);

    // the API keys tab, reached from the tabs on a phone's width
    await page.setViewportSize({ width: PHONE_WIDTH, height: IPHONE.viewport.height });
    try {
      await tab(page, 'API keys', 'No API keys yet');
      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create API key' });
      await dialog.getByLabel('Name').fill('Initech CRM sync');
      await dialog.getByRole('checkbox', { name: /leads:read/ }).check();
      await dialog.getByRole('checkbox', { name: /analytics:read/ }).check();
      await expectAccessible(page, 'team API keys, the form');
      await shot(page, 'api-keys-form');
      await dialog.getByRole('button', { name: 'Create key' }).click();
      const created = page.getByRole('dialog', { name: 'API key created' });
      const key = await created.getByLabel('Your new API key').inputValue();
      expect(key).toMatch(/^cck_[A-Za-z0-9_-]{43}$/);
      await expectAccessible(page, 'team API keys, the key shown once');
      await shot(page, 'api-keys-shown-once');
      await created.getByRole('button', { name: 'Done' }).click();
      await page.getByTestId('api-key').filter({ hasText: 'Initech CRM sync' }).waitFor();
      await expectAccessible(page, 'team API keys, one key');
      await shot(page, 'api-keys-list');
      // opened from a link on a phone, the tabs, scrolled sideways, show the current one
      await page.reload();
      await page.getByTestId('api-key').first().waitFor();
      const tabs = page.getByRole('navigation', { name: 'Team sections' });
      const [current, frame] = await Promise.all([
        tabs.getByRole('link', { name: 'API keys' }).boundingBox(),
        tabs.boundingBox(),
      ]);
      expect(current!.x).toBeGreaterThanOrEqual(frame!.x);
      expect(current!.x + current!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
      // the key opens the team's inbox to a tool
      const inbox = await fetch(`${product.baseUrl}/api/teams/${teamId}/leads`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(inbox.status).toBe(200);
    } finally {
      await page.setViewportSize(DESKTOP.viewport);
    }
  });
});
