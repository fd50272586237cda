import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  QUESTION_KIND_LABELS,
  type LeadResponse,
  type ProfileResponse,
  type QuestionKind,
  type SessionResponse,
} from '@cardcraft/contracts';
import { DESKTOP_WIDTH, PHONE_WIDTH, expectAccessible } from './support/axe';
import { DESKTOP, IPHONE, launchChromium } from './support/browser';
import { startProductIn, type Mode } from './support/cluster';
import { callApi, type ApiCall, type RunningProduct } from './support/product';
import { SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';

// e-mail without SMTP_URL (mail lands in the api's DATA_DIR/outbox as .eml files, in the cluster's
// configuration too: each api replica writes its own) and the message form's extra fields, in Chromium
// at phone and desktop widths, in the embedded mode and in the cluster's
jest.setTimeout(90_000);

const STEP_TIMEOUT = 10_000;
const stamp = Date.now().toString(36);
const FIRST_PASSWORD = 'wind-tunnel-1';
const FIRST_EMAIL = `mary-${stamp}@example.com`;
const owner = { displayName: 'Mary Jackson', email: FIRST_EMAIL, password: FIRST_PASSWORD };

let browser: Browser;
// the mode's product and its browser contexts, set by each mode's beforeAll
let mode: Mode;
let product: RunningProduct;
let contexts: BrowserContext[] = [];

const api = <T>(path: string, init?: ApiCall) => callApi<T>(product.baseUrl, path, init);

/** a new browser; `signedInAs` gives it the session of another one's page, as if signed in there too */
async function open(
  device: typeof DESKTOP | typeof IPHONE,
  signedInAs?: Page,
  javaScriptEnabled = true,
): Promise<Page> {
  const context = await browser.newContext({
    ...device,
    baseURL: product.baseUrl,
    acceptDownloads: true,
    javaScriptEnabled,
    storageState: signedInAs ? await signedInAs.context().storageState() : undefined,
  });
  context.setDefaultTimeout(STEP_TIMEOUT);
  contexts.push(context);
  return context.newPage();
}

/** the screen once it has settled, when screenshots are being saved */
async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await saveScreenshot(page, `${name}-${mode}-${width}.png`, { fullPage: true, settle: true });
}

/** a new browser's sign-in tells the owner by mail: the sessions suite follows those */
const NEW_SIGN_IN = 'New sign-in to your Cardcraft account';

/** the mails in the outbox to this address now, oldest first, but the new sign-in notices */
async function mailsTo(to: string): Promise<ParsedMail[]> {
  const outbox = join(product.dataDir, 'outbox');
  const mails = existsSync(outbox)
    ? await Promise.all(
        readdirSync(outbox)
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .map((name) => simpleParser(readFileSync(join(outbox, name)))),
      )
    : [];
  return mails.filter(
    (mail) => !Array.isArray(mail.to) && mail.to?.value[0].address === to && mail.subject !== NEW_SIGN_IN,
  );
}

/** the newest mail in the outbox to this address, waiting for it to be written */
async function outboxMail(to: string, count = 1): Promise<ParsedMail> {
  const outbox = join(product.dataDir, 'outbox');
  const deadline = Date.now() + STEP_TIMEOUT;
  for (;;) {
    const mine = await mailsTo(to);
    if (mine.length >= count) return mine[mine.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** the screen at 1440 and 390 px (the viewport is put back), when screenshots are being saved */
async function shotAtBothWidths(page: Page, name: string): Promise<void> {
  if (!SAVING_SCREENSHOTS) return;
  const original = page.viewportSize();
  try {
    for (const width of [DESKTOP_WIDTH, PHONE_WIDTH]) {
      await page.setViewportSize({ width, height: original?.height ?? 900 });
      await shot(page, name);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

/** an owner signs in on the login page, with the address and password they have now */
async function signIn(page: Page, who: { email: string; password: string } = owner): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard/**');
}

function linkIn(mail: ParsedMail, path: string): string {
  const link = new RegExp(`https?://[^\\s]+${path}#token=[A-Za-z0-9_-]{43}`).exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no ${path} link in:\n${mail.text}`);
  return link;
}

afterAll(async () => {
  await browser?.close();
}, 30_000);

describe.each(['embedded', 'cluster'] as const)('mail and contact exchange (%s)', (current) => {
  beforeAll(async () => {
    mode = current;
    // the browser starts with the first mode's product, and serves the second too
    // the owner signs in afresh in most steps, all from one address, faster than a person would: the
    // sign-in limit per address is the throttling spec's to test, not this suite's to meet
    const env = { RATE_LIMIT_SIGN_IN: '100/1m' };
    [product, browser] = await Promise.all([startProductIn(mode, env), browser ?? launchChromium()]);
    owner.password = FIRST_PASSWORD;
    owner.email = FIRST_EMAIL;
    await api<SessionResponse>('/api/auth/register', { method: 'POST', body: owner });
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
    await product?.stop();
  }, 60_000);

  describe('forgot password, end to end', () => {
    it('asks for a link on a phone, opens it from the outbox, sets a new password and signs in with it', async () => {
      const page = await open(IPHONE);
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill(owner.email);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/auth/forgot-password');
      // the address typed on the login page comes along
      expect(await page.getByLabel('Email').inputValue()).toBe(owner.email);
      await shot(page, 'forgot-password');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('If an account exists for that address, we sent it a link').waitFor();
      await shot(page, 'forgot-password-sent');

      const mail = await outboxMail(owner.email);
      expect(mail.subject).toBe('Reset your Cardcraft password');
      const link = linkIn(mail, '/auth/reset-password');
      expect(link.startsWith(product.baseUrl)).toBe(true);

      const desktop = await open(DESKTOP);
      await desktop.goto(link);
      await desktop.getByLabel('New Password', { exact: true }).fill('landing-gear-2');
      await desktop.getByLabel('Confirm New Password').fill('landing-gear-2');
      await shot(desktop, 'reset-password');
      await desktop.getByRole('button', { name: 'Set new password' }).click();
      await desktop.getByText('Your password is changed. Sign in with the new one.').waitFor();
      await shot(desktop, 'reset-password-done');

      // the link works once (a fresh load: the same address would only move within the page)
      await desktop.goto('about:blank');
      await desktop.goto(link);
      await desktop.getByLabel('New Password', { exact: true }).fill('another-one-3');
      await desktop.getByLabel('Confirm New Password').fill('another-one-3');
      await desktop.getByRole('button', { name: 'Set new password' }).click();
      await desktop.getByText('This link has expired or was already used. Ask for a new one.').waitFor();

      await desktop.getByRole('link', { name: 'Back to sign in' }).click();
      await desktop.getByRole('link', { name: 'Forgot password?' }).waitFor();
      await shot(desktop, 'login-with-forgot-link');
      await desktop.getByLabel('Email').fill(owner.email);
      await desktop.getByLabel('Password').fill('landing-gear-2');
      await desktop.getByRole('button', { name: 'Sign in' }).click();
      await desktop.waitForURL('**/dashboard/**');
      owner.password = 'landing-gear-2';
    });
  });

  describe('contact exchange and new-message mail, end to end', () => {
    let profile: ProfileResponse;
    let token: string;

    it('lets the owner choose the extra fields in the editor', async () => {
      const session = await api<SessionResponse>('/api/auth/login', {
        method: 'POST',
        body: { email: owner.email, password: owner.password },
      });
      token = session.accessToken;
      profile = await api<ProfileResponse>('/api/profiles', {
        method: 'POST',
        token,
        body: {
          handle: `mary-${stamp}`,
          displayName: 'Mary Winston Jackson',
          tagline: 'Aerospace engineer',
          published: true,
          theme: 'aurora',
          layout: 'classic',
          contact: { email: 'mary@example.com' },
        },
      });
      const page = await open(DESKTOP);
      await signIn(page);
      await page.goto(`/dashboard/profile/${profile.id}`);
      const fields = page.getByTestId('message-fields');
      await fields.scrollIntoViewIfNeeded();
      await fields.getByRole('radiogroup', { name: 'Name' }).getByText('Required').click();
      await fields.getByRole('radiogroup', { name: 'Phone' }).getByText('Optional').click();
      await fields.getByRole('radiogroup', { name: 'Company' }).getByText('Optional').click();
      await shot(page, 'editor-message-fields');
      await page.getByRole('button', { name: 'Save Changes' }).first().click();
      await page
        .getByText(/^Saved /)
        .first()
        .waitFor();
      const saved = await api<ProfileResponse>(`/api/profiles/${profile.id}`, { token });
      expect(saved.privacy.messageFields).toEqual({
        name: 'required',
        phone: 'optional',
        company: 'optional',
      });

      // the same choice on a phone
      const phone = await open(IPHONE);
      await signIn(phone);
      await phone.goto(`/dashboard/profile/${profile.id}`);
      const onPhone = phone.getByTestId('message-fields');
      await onPhone.scrollIntoViewIfNeeded();
      expect(
        await onPhone
          .getByRole('radiogroup', { name: 'Name' })
          .locator('input[value="required"]')
          .isChecked(),
      ).toBe(true);
      await saveScreenshot(onPhone, `editor-message-fields-card-${mode}-390.png`, { settle: true });
    });

    it('has a visitor on a phone fill them in, and e-mails the owner the message', async () => {
      const page = await open(IPHONE);
      await page.goto(`/u/${profile.handle}`);
      await page.getByRole('textbox', { name: 'Your email' }).fill(`kj-${stamp}@nasa.example.com`);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Enter your name').waitFor();
      await page.getByRole('textbox', { name: 'Name' }).fill('Katherine Johnson');
      await page.getByRole('textbox', { name: 'Phone (optional)' }).fill('+1 757 555 0199');
      await page.getByRole('textbox', { name: 'Company (optional)' }).fill('NASA Langley');
      await page.getByRole('textbox', { name: /Message/ }).fill('Your wind tunnel talk was great.');
      await shot(page, 'card-message-fields');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Thanks! The owner has received your message.').waitFor();

      // the owner's second mail, after the password reset's
      const mail = await outboxMail(owner.email, 2);
      expect(mail.subject).toBe(`New message from Katherine Johnson <kj-${stamp}@nasa.example.com>`);
      expect(mail.text).toContain('Company: NASA Langley');
      expect(mail.replyTo?.value[0].address).toBe(`kj-${stamp}@nasa.example.com`);
    });

    it('shows the lead with its fields on the Leads page, at both widths, and saves it as a vCard', async () => {
      for (const device of [DESKTOP, IPHONE]) {
        const page = await open(device);
        await signIn(page);
        await page.goto(`/dashboard/leads?card=${profile.handle}`);
        await page.getByText('Katherine Johnson').waitFor();
        await page.getByText('NASA Langley').waitFor();
        await shot(page, 'leads-with-fields');
        if (device === DESKTOP) {
          const download = page.waitForEvent('download');
          await page.getByRole('button', { name: 'Save Katherine Johnson as a contact (vCard)' }).click();
          const file = await download;
          expect(file.suggestedFilename()).toBe('contact-katherine-johnson.vcf');
          const text = readFileSync((await file.path())!, 'utf8');
          expect(text).toContain('FN:Katherine Johnson');
          expect(text).toContain('TEL;TYPE=CELL:+1 757 555 0199');
          expect(text).toContain('ORG:NASA Langley');

          // Settings: the e-mail and notification cards, at desktop width
          await page.goto('/dashboard/settings');
          await page.getByRole('switch', { name: 'E-mail me new messages' }).waitFor();
          await shot(page, 'settings-mail');
        } else {
          await page.goto('/dashboard/settings');
          await page.getByRole('switch', { name: 'E-mail me new messages' }).waitFor();
          await shot(page, 'settings-mail');
        }
      }
    });

    it('works the lead on Leads at both widths: search, a filter chip, status, a tag, a note, a bulk change', async () => {
      const lead = () =>
        api<{ items: LeadResponse[] }>(`/api/profiles/${profile.id}/leads`, { token }).then(
          (leads) => leads.items[0],
        );
      const toast = (page: Page, title: string | RegExp) =>
        page.locator('[data-toast]').filter({ hasText: title }).first().waitFor();

      // desktop: search, a status filter as a chip, the status saved in the table, the panel, a bulk tag
      const page = await open(DESKTOP);
      await signIn(page);
      await page.goto('/dashboard/leads');
      await page.getByRole('searchbox', { name: 'Search' }).fill('wind tunnel');
      await page.waitForURL(/[?&]q=wind\+tunnel/);
      await page.getByRole('button', { name: 'Remove filter Search: “wind tunnel”' }).waitFor();
      await page.getByRole('button', { name: 'Katherine Johnson', exact: true }).waitFor();
      await page.getByRole('combobox', { name: 'Status', exact: true }).click();
      await page.getByRole('option', { name: 'New' }).click();
      await page.getByRole('button', { name: 'Remove filter Status: New' }).waitFor();
      await page.getByRole('combobox', { name: 'Status of Katherine Johnson' }).click();
      await page.getByRole('option', { name: 'Contacted' }).click();
      await toast(page, 'Status saved');
      // no longer new: the view of new leads is empty until its chip goes
      await page.getByText('No leads match these filters').waitFor();
      await page.getByRole('button', { name: 'Remove filter Status: New' }).click();
      await page.getByRole('button', { name: 'Katherine Johnson', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Katherine Johnson' });
      await panel.getByRole('combobox', { name: 'Add a tag' }).fill('conference');
      await panel.getByRole('combobox', { name: 'Add a tag' }).press('Enter');
      await toast(page, 'Tag “conference” added');
      await panel.getByRole('textbox', { name: 'Private note' }).fill('Call her back about the wind tunnel.');
      await panel.getByRole('button', { name: 'Save note' }).click();
      await toast(page, 'Note saved');
      await shot(page, 'leads-detail');
      await expectAccessible(page, 'lead detail panel', [DESKTOP_WIDTH]);
      // Escape would dismiss the newest toast first: the panel's own button closes it
      await panel.getByRole('button', { name: 'Close' }).click();
      await panel.waitFor({ state: 'detached' });
      await page.getByLabel('Select all on this page').check();
      const bulk = page.getByRole('region', { name: 'Bulk actions' });
      await bulk.getByText('1 lead selected').waitFor();
      await shot(page, 'leads-bulk');
      await expectAccessible(page, 'leads with the bulk bar', [DESKTOP_WIDTH]);
      await bulk.getByRole('button', { name: 'Add tag' }).click();
      await page.getByRole('dialog').getByRole('combobox', { name: 'Tag' }).fill('follow-up');
      await page.getByRole('dialog').getByRole('button', { name: 'Add tag' }).click();
      await toast(page, '1 of 1 lead changed');
      const worked = await lead();
      expect(worked.status).toBe('contacted');
      expect(worked.tags).toEqual(['conference', 'follow-up']);
      expect(worked.note).toBe('Call her back about the wind tunnel.');
      expect(new URL(page.url()).searchParams.get('q')).toBe('wind tunnel');

      // a phone: the filters behind their button, a tag chip from a shared address, the panel, a bulk status
      const phone = await open(IPHONE);
      await signIn(phone);
      await phone.goto('/dashboard/leads?tag=conference');
      await phone.getByRole('button', { name: 'Remove filter Tag: conference' }).waitFor();
      await phone.getByRole('button', { name: 'Katherine Johnson', exact: true }).waitFor();
      await phone.getByRole('button', { name: /^Filters/ }).click();
      await phone.getByRole('combobox', { name: 'Tag', exact: true }).waitFor();
      await shot(phone, 'leads-filters');
      await phone.getByRole('button', { name: /^Filters/ }).click();
      await phone.getByRole('button', { name: 'Open Katherine Johnson' }).click();
      const phonePanel = phone.getByRole('dialog', { name: 'Katherine Johnson' });
      expect(await phonePanel.getByRole('textbox', { name: 'Private note' }).inputValue()).toBe(
        'Call her back about the wind tunnel.',
      );
      await phonePanel.getByRole('button', { name: 'Remove tag follow-up' }).click();
      await toast(phone, 'Tag “follow-up” removed');
      await shot(phone, 'leads-detail');
      await expectAccessible(phone, 'lead detail panel', [PHONE_WIDTH]);
      await phonePanel.getByRole('button', { name: 'Close' }).click();
      await phonePanel.waitFor({ state: 'detached' });
      await phone.getByLabel('Select Katherine Johnson').check();
      const phoneBulk = phone.getByRole('region', { name: 'Bulk actions' });
      await phoneBulk.getByRole('combobox', { name: 'Set status' }).click();
      await phone.getByRole('option', { name: 'Qualified' }).click();
      await toast(phone, '1 of 1 lead changed');
      await shot(phone, 'leads-bulk');
      await expectAccessible(phone, 'leads with the bulk bar', [PHONE_WIDTH]);
      const after = await lead();
      expect(after.status).toBe('qualified');
      expect(after.tags).toEqual(['conference']);
    });

    it('turns new-message mail off on a phone: the next message is kept, and no mail is sent', async () => {
      const page = await open(IPHONE);
      await signIn(page);
      await page.goto('/dashboard/settings');
      const notify = page.getByRole('switch', { name: 'E-mail me new messages' });
      expect(await notify.getAttribute('aria-checked')).toBe('true');
      await notify.click();
      await page.getByText('Notifications off').first().waitFor();
      expect(await notify.getAttribute('aria-checked')).toBe('false');
      // the setting is the account's: a fresh load shows it off
      await page.reload();
      await page.getByRole('switch', { name: 'E-mail me new messages', checked: false }).waitFor();
      await shot(page, 'settings-notifications-off');

      // the owner has two mails so far: the password reset's and the first message's
      await outboxMail(owner.email, 2);
      await api(`/api/profiles/${profile.id}/leads`, {
        method: 'POST',
        body: {
          email: `dv-${stamp}@nasa.example.com`,
          name: 'Dorothy Vaughan',
          message: 'FORTRAN class on Monday?',
          consent: true,
        },
      });
      // the lead is kept (the owner's list shows it), and the mail a message would send has had time
      const leads = await api<{ items: Array<{ email: string }> }>(`/api/profiles/${profile.id}/leads`, {
        token,
      });
      expect(leads.items.map((lead) => lead.email)).toContain(`dv-${stamp}@nasa.example.com`);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await mailsTo(owner.email)).toHaveLength(2);
    });

    it("changes the account's e-mail at desktop width once the link sent to the new address is opened", async () => {
      const newEmail = `mary.jackson-${stamp}@example.com`;
      const page = await open(DESKTOP);
      await signIn(page);
      await page.goto('/dashboard/settings');
      // the e-mail form (the password form has a Current Password field too)
      const form = page.locator('form', { has: page.getByRole('button', { name: 'Change Email' }) });
      await form.getByLabel('New Email').fill(newEmail);
      await form.getByLabel('Current Password').fill(owner.password);
      await form.getByRole('button', { name: 'Change Email' }).click();
      await page.getByText(`We sent a link to ${newEmail}.`).waitFor();
      await shot(page, 'settings-email-link-sent');

      // the old address is told, the new one gets the link
      const warning = await outboxMail(owner.email, 3);
      expect(warning.subject).toBe('Your Cardcraft e-mail address is changing');
      const confirm = await outboxMail(newEmail);
      expect(confirm.subject).toBe('Confirm your new e-mail address');
      await page.goto(linkIn(confirm, '/auth/confirm-email'));
      await page.getByText('Your e-mail address is changed.').waitFor();
      await page.getByText(`You now sign in with ${newEmail}.`).waitFor();
      await shot(page, 'confirm-email-done');
      expect((await outboxMail(owner.email, 4)).subject).toBe('Your Cardcraft e-mail address was changed');

      // the new address signs in, the old one no longer does
      const fresh = await open(DESKTOP);
      await fresh.goto('/auth/login');
      await fresh.getByLabel('Email').fill(owner.email);
      await fresh.getByLabel('Password').fill(owner.password);
      await fresh.getByRole('button', { name: 'Sign in' }).click();
      await fresh.getByText('Invalid email or password').waitFor();
      await fresh.getByLabel('Email').fill(newEmail);
      await fresh.getByRole('button', { name: 'Sign in' }).click();
      await fresh.waitForURL('**/dashboard/**');
      owner.email = newEmail;
    });

    it('prepares a copy of the owner’s data in Settings, e-mails the link, and downloads the zip on a phone', async () => {
      const desktop = await open(DESKTOP);
      await signIn(desktop);
      await desktop.goto('/dashboard/settings');
      const section = desktop.getByRole('region', { name: 'Download my data' });
      await section.getByText('No copy prepared yet').waitFor();
      await section.getByRole('button', { name: 'Prepare my data' }).click();
      // the answer says preparing; the page looks again every few seconds
      await section.getByText('Preparing your data…').waitFor();
      await section.getByText(`We will e-mail ${owner.email} when it is ready.`, { exact: false }).waitFor();
      const sectionShot = async (page: Page, state: string) => {
        const width = page.viewportSize()?.width ?? 0;
        const section = page.getByRole('region', { name: 'Download my data' });
        await saveScreenshot(section, `settings-export-${state}-${mode}-${width}.png`, { settle: true });
      };
      await sectionShot(desktop, 'preparing');

      // the new address got the confirmation link before: this is its second mail
      const mail = await outboxMail(owner.email, 2);
      expect(mail.subject).toBe('Your Cardcraft data is ready to download');
      const link = /https?:\/\/\S+\/dashboard\/settings#data-export/.exec(mail.text ?? '')?.[0];
      expect(link?.startsWith(product.baseUrl)).toBe(true);

      await section.getByText('Your data is ready').waitFor();
      await section.getByRole('link', { name: /^Download \(\d+ KB\)$/ }).waitFor();
      await sectionShot(desktop, 'ready');

      // the link leads to Settings, where the owner, signed in on the phone too, downloads it
      const phone = await open(IPHONE, desktop);
      await phone.goto(link!);
      const onPhone = phone.getByRole('region', { name: 'Download my data' });
      await onPhone.getByText('Your data is ready').waitFor();
      // brought into view from the link's #data-export
      expect(await onPhone.evaluate((node) => node.getBoundingClientRect().top)).toBeLessThan(844);
      await sectionShot(phone, 'ready');
      const download = phone.waitForEvent('download');
      await onPhone.getByRole('link', { name: /^Download/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^cardcraft-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const zip = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
      const text = (name: string) => new TextDecoder().decode(zip[name]);
      expect(JSON.parse(text('account.json'))).toMatchObject({
        account: { email: owner.email, displayName: owner.displayName },
        cards: [{ handle: profile.handle }],
      });
      expect(JSON.parse(text(`cards/${profile.handle}.json`))).toMatchObject({ id: profile.id });
      // both messages, with the card they were left on
      const leads = text('leads.csv').trim().split('\r\n');
      expect(leads).toHaveLength(3);
      expect(leads[1]).toContain(`${profile.handle},`);
      expect(text('leads.csv')).toContain('Katherine Johnson');
      expect(text('leads.csv')).toContain('Dorothy Vaughan');
      // the visitor's view of the card
      expect(text(`analytics/${profile.handle}/visits.csv`).trim().split('\r\n').length).toBeGreaterThan(1);
      expect(text(`analytics/${profile.handle}/daily.csv`)).toMatch(/^Day \(UTC\),Views,/);
    });
  });

  describe('a card’s own questions and “Send me your card”, end to end', () => {
    const grace = {
      displayName: 'Grace Hopper',
      email: `grace-${stamp}@example.com`,
      password: 'compiler-1952',
    };
    const FOLLOW_UP = 'Good to meet you at the conference: the slides are linked on my card.';
    // the questions as the owner writes them, in their order: one of each kind, one of them required
    const QUESTIONS: Array<{
      label: string;
      kind: QuestionKind;
      required?: boolean;
      help?: string;
      choices?: string[];
    }> = [
      { label: 'Which team are you on?', kind: 'short_text', help: 'So I know whom to bring along' },
      { label: 'What would you like to build together?', kind: 'long_text' },
      {
        label: 'How should I follow up?',
        kind: 'one_choice',
        required: true,
        choices: ['E-mail', 'A call', 'Coffee next week'],
      },
      {
        label: 'Which topics interest you?',
        kind: 'choices',
        choices: ['Compilers', 'COBOL', 'Nanoseconds'],
      },
      { label: 'Add me to the monthly newsletter', kind: 'checkbox' },
    ];
    const REQUIRED = 'How should I follow up?';
    const SENT_WITH_CARD = 'Thanks! The owner has received your message. We e-mailed you the card.';
    const visitor = { noScript: `ada-${stamp}@example.com`, script: `alan-${stamp}@example.com` };
    let card: ProfileResponse;
    let token: string;

    /** a question's box on the card's form (its control, help and error), found by its label */
    const questionOnCard = (page: Page, label: string) => {
      const question = card.privacy.questions.find((q) => q.label === label);
      if (!question) throw new Error(`the card asks no question "${label}"`);
      return page.locator(`[data-question="${question.id}"]`);
    };
    /** the error under a question, tied to its control or fieldset */
    const expectErrorUnder = async (page: Page, label: string, text: string) => {
      const box = questionOnCard(page, label);
      const error = box.getByRole('alert');
      await error.getByText(text).waitFor();
      const errorId = await error.getAttribute('id');
      expect(errorId).toBeTruthy();
      expect((await box.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    };
    /** the detail panel's Answers: each question as asked, with the answer under it */
    const answersIn = (panel: Locator) =>
      panel
        .getByRole('region', { name: 'Answers' })
        .locator('dl > div')
        .evaluateAll((rows) =>
          rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
        );

    it('has the owner ask a question of each kind, one required, and offer the card by e-mail', async () => {
      const session = await api<SessionResponse>('/api/auth/register', { method: 'POST', body: grace });
      token = session.accessToken;
      card = await api<ProfileResponse>('/api/profiles', {
        method: 'POST',
        token,
        body: {
          handle: `grace-${stamp}`,
          displayName: 'Grace Brewster Hopper',
          tagline: 'Computer scientist and rear admiral',
          published: true,
          theme: 'aurora',
          layout: 'classic',
          contact: { email: 'grace@example.com' },
        },
      });
      const page = await open(DESKTOP);
      await signIn(page, grace);
      await page.goto(`/dashboard/profile/${card.id}`);
      // the editor's Questions card, from its title
      const section = page.getByRole('heading', { name: 'Questions', exact: true }).locator('xpath=../../..');
      await section.getByText('No questions yet.', { exact: false }).waitFor();
      for (const [index, question] of QUESTIONS.entries()) {
        await section.getByRole('button', { name: 'Add Question' }).click();
        const box = section.getByRole('group', { name: `Question ${index + 1}`, exact: true });
        await box.getByRole('textbox', { name: 'Question', exact: true }).fill(question.label);
        if (question.kind !== 'short_text') {
          await box.getByRole('combobox', { name: 'Answer type' }).click();
          await page.getByRole('option', { name: QUESTION_KIND_LABELS[question.kind], exact: true }).click();
        }
        if (question.help) await box.getByRole('textbox', { name: 'Help text' }).fill(question.help);
        if (question.choices) {
          await box.getByRole('textbox', { name: 'Options' }).fill(question.choices.join('\n'));
        }
        if (question.required) await box.getByRole('switch', { name: 'Required' }).click();
      }
      // five is the most a card asks
      expect(await section.getByRole('button', { name: 'Add Question' }).isDisabled()).toBe(true);
      await page.getByRole('switch', { name: 'Offer “Send me your card by e-mail”' }).click();
      await page.getByRole('textbox', { name: 'Follow-up text in the e-mail' }).fill(FOLLOW_UP);
      await expectAccessible(page, 'the editor with questions');
      if (SAVING_SCREENSHOTS) {
        const privacy = page.getByRole('heading', { name: 'Privacy Settings' }).locator('xpath=../..');
        for (const width of [DESKTOP_WIDTH, PHONE_WIDTH]) {
          await page.setViewportSize({ width, height: 900 });
          await saveScreenshot(section, `editor-questions-${mode}-${width}.png`, { settle: true });
          await saveScreenshot(privacy, `editor-card-exchange-${mode}-${width}.png`, { settle: true });
        }
        await page.setViewportSize(DESKTOP.viewport);
      }
      await page.getByRole('button', { name: 'Save Changes' }).first().click();
      await page
        .getByText(/^Saved /)
        .first()
        .waitFor();

      card = await api<ProfileResponse>(`/api/profiles/${card.id}`, { token });
      expect(card.privacy.questions).toEqual(
        QUESTIONS.map((question) => ({
          id: expect.stringMatching(/^q[0-9a-f]{12}$/) as unknown,
          label: question.label,
          kind: question.kind,
          required: question.required ?? false,
          help: question.help ?? null,
          choices: question.choices ?? [],
        })),
      );
      expect(card.privacy.cardExchange).toEqual({ enabled: true, followUp: FOLLOW_UP });
    });

    it('with JavaScript off: the missing answer asked for under its question, what was typed kept, then sent', async () => {
      const page = await open(IPHONE, undefined, false);
      await page.goto(`/u/${card.handle}`);
      await page.getByLabel('Your email').fill(visitor.noScript);
      await page
        .getByRole('textbox', { name: 'Which team are you on? (optional)' })
        .fill('Analytical Engines');
      await page
        .getByRole('textbox', { name: 'What would you like to build together? (optional)' })
        .fill('A compiler\nfor the engine');
      await page.getByRole('checkbox', { name: 'Compilers' }).check();
      await page.getByRole('checkbox', { name: 'Nanoseconds' }).check();
      await page.getByRole('checkbox', { name: 'Add me to the monthly newsletter (optional)' }).check();
      await page.getByRole('button', { name: 'Send Message' }).click();

      // the server's page: the error under the question, the form as it was typed
      await expectErrorUnder(page, REQUIRED, 'Choose an option');
      await page.getByText("We couldn't send your message. Please try again in a moment.").waitFor();
      expect(await page.getByLabel('Your email').inputValue()).toBe(visitor.noScript);
      expect(await page.getByRole('textbox', { name: /^Which team are you on\?/ }).inputValue()).toBe(
        'Analytical Engines',
      );
      expect(
        await page.getByRole('textbox', { name: /^What would you like to build together\?/ }).inputValue(),
      ).toBe('A compiler\nfor the engine');
      expect(await page.getByRole('checkbox', { name: 'Compilers' }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'COBOL' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Nanoseconds' }).isChecked()).toBe(true);
      expect(
        await page.getByRole('checkbox', { name: /^Add me to the monthly newsletter/ }).isChecked(),
      ).toBe(true);
      await shotAtBothWidths(page, 'card-questions-error-no-script');

      await page.getByRole('radio', { name: 'A call' }).check();
      await page.getByRole('checkbox', { name: 'Send me your card by e-mail' }).check();
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText(SENT_WITH_CARD).waitFor();
      await shotAtBothWidths(page, 'card-questions-sent-no-script');
    });

    it('with JavaScript on, on a phone: the error shown in place without a reload, then sent', async () => {
      const page = await open(IPHONE);
      await page.goto(`/u/${card.handle}`);
      // a mark on this document: a reload or a form post would lose it
      await page.evaluate(() => {
        (window as unknown as { loadedOnce?: boolean }).loadedOnce = true;
      });
      await page.getByLabel('Your email').fill(visitor.script);
      await page
        .getByRole('textbox', { name: /^What would you like to build together\?/ })
        .fill('Your compilers, on our engines.');
      await page.getByRole('checkbox', { name: 'COBOL' }).check();
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expectErrorUnder(page, REQUIRED, 'Choose an option');
      expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(
        true,
      );
      expect(await page.getByRole('checkbox', { name: 'COBOL' }).isChecked()).toBe(true);
      await expectAccessible(page, 'the card with questions and an error', [PHONE_WIDTH]);
      await shotAtBothWidths(page, 'card-questions-error');

      await page.getByRole('radio', { name: 'Coffee next week' }).check();
      await page.getByRole('checkbox', { name: 'Send me your card by e-mail' }).check();
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText(SENT_WITH_CARD).waitFor();
      await page.getByText('Message sent!').first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(
        true,
      );
      expect(page.url()).toBe(`${product.baseUrl}/u/${card.handle}`);
      await shotAtBothWidths(page, 'card-questions-sent');
    });

    it('mails each visitor the card with the follow-up, and shows the owner the answers in Leads', async () => {
      for (const to of [visitor.noScript, visitor.script]) {
        const mail = await outboxMail(to);
        expect(mail.subject).toBe("Grace Brewster Hopper's card");
        expect(mail.text).toContain(FOLLOW_UP);
        expect(mail.text).toContain(`${product.baseUrl}/u/${card.handle}`);
        expect(mail.replyTo?.value[0].address).toBe('grace@example.com');
        const file = mail.attachments.find((attachment) => attachment.filename === `${card.handle}.vcf`);
        expect(file?.contentType).toBe('text/vcard');
        expect(file?.content.toString('utf8')).toContain('FN:Grace Brewster Hopper');
      }

      // stored: the answers with the questions as asked; an optional one left out, the unticked box kept
      const leads = await api<{ items: LeadResponse[] }>(`/api/profiles/${card.id}/leads`, { token });
      expect(leads.items).toHaveLength(2);
      const stored = (email: string) => {
        const lead = leads.items.find((item) => item.email === email);
        return {
          answers: lead?.answers.map(({ label, value }) => [label, value]),
          cardSent: lead?.cardExchange?.cardSent,
          consentText: lead?.cardExchange?.consentText,
        };
      };
      expect(stored(visitor.noScript)).toEqual({
        answers: [
          ['Which team are you on?', 'Analytical Engines'],
          ['What would you like to build together?', 'A compiler\nfor the engine'],
          ['How should I follow up?', 'A call'],
          ['Which topics interest you?', ['Compilers', 'Nanoseconds']],
          ['Add me to the monthly newsletter', true],
        ],
        cardSent: true,
        consentText: 'Send me your card by e-mail',
      });
      expect(stored(visitor.script)).toEqual({
        answers: [
          ['What would you like to build together?', 'Your compilers, on our engines.'],
          ['How should I follow up?', 'Coffee next week'],
          ['Which topics interest you?', ['COBOL']],
          ['Add me to the monthly newsletter', false],
        ],
        cardSent: true,
        consentText: 'Send me your card by e-mail',
      });

      const page = await open(DESKTOP);
      await signIn(page, grace);
      await page.goto(`/dashboard/leads?card=${card.handle}`);
      await page.getByRole('button', { name: visitor.noScript, exact: true }).click();
      const panel = page.getByRole('dialog', { name: visitor.noScript });
      await panel.getByRole('region', { name: 'Answers' }).waitFor();
      expect(await answersIn(panel)).toEqual([
        ['Which team are you on?', 'Analytical Engines'],
        ['What would you like to build together?', 'A compiler\nfor the engine'],
        ['How should I follow up?', 'A call'],
        ['Which topics interest you?', 'Compilers; Nanoseconds'],
        ['Add me to the monthly newsletter', 'Yes'],
      ]);
      await panel
        .getByRole('region', { name: 'Your card by e-mail' })
        .getByText('Asked for your card: e-mailed to them.')
        .waitFor();
      await shot(page, 'leads-answers');

      const phone = await open(IPHONE);
      await signIn(phone, grace);
      await phone.goto(`/dashboard/leads?card=${card.handle}`);
      await phone.getByRole('button', { name: `Open ${visitor.script}` }).click();
      const phonePanel = phone.getByRole('dialog', { name: visitor.script });
      await phonePanel.getByRole('region', { name: 'Answers' }).waitFor();
      expect(await answersIn(phonePanel)).toEqual([
        ['What would you like to build together?', 'Your compilers, on our engines.'],
        ['How should I follow up?', 'Coffee next week'],
        ['Which topics interest you?', 'COBOL'],
        ['Add me to the monthly newsletter', 'No'],
      ]);
      await phonePanel
        .getByRole('region', { name: 'Your card by e-mail' })
        .getByText('Asked for your card: e-mailed to them.')
        .waitFor();
      await shot(phone, 'leads-answers');
    });
  });
});
