import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, IPHONE, launchChromium, waitForNetworkQuiet } from './support/browser';
import { startProduct, type RunningProduct } from './support/product';
import { SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';
import { parseVCard, unescapeText } from './support/vcard';

// one journey, in order: each test builds on the one before
jest.setTimeout(60_000);

// one wait of a step: long enough for a slow shared machine, short enough to fail fast
const STEP_TIMEOUT = 10_000;
const stamp = Date.now().toString(36);
const owner = {
  displayName: 'Ada Lovelace',
  email: `ada-${stamp}@example.com`,
  password: 'analytical-engine',
};
const card = {
  handle: `ada-${stamp}`,
  displayName: 'Ada Byron Lovelace',
  tagline: 'Analyst, metaphysician; first programmer',
  company: 'Analytical Engines, Ltd.',
  bio: 'I wrote the first algorithm\nfor a machine, in 1843.',
  email: 'ada@engines.example.com',
  phone: '+44 20 7946 0018',
  website: 'https://ada.example.com',
  location: 'London, UK',
};
const guest = { email: `guest-${stamp}@example.com`, message: `Loved your card! (${stamp})` };

let product: RunningProduct;
let browser: Browser;
let ownerContext: BrowserContext;
let ownerPage: Page;

/** the screen once it has settled, when screenshots are being saved */
async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await saveScreenshot(page, `${name}-${width}.png`, { fullPage: true, settle: true });
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchChromium()]);
  ownerContext = await browser.newContext({ ...DESKTOP, baseURL: product.baseUrl });
  ownerContext.setDefaultTimeout(STEP_TIMEOUT);
  ownerPage = await ownerContext.newPage();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
}, 30_000);

describe('a card owner and a guest, end to end', () => {
  it('shows the landing page with its calls to action', async () => {
    await ownerPage.goto('/');
    await ownerPage.getByRole('heading', { name: /Your Digital Identity,\s*Beautifully Crafted/ }).waitFor();
    for (const name of ['Get Started Free', 'View Demo', 'Create Your Card Now']) {
      await ownerPage.getByRole('link', { name }).first().waitFor();
    }
    await shot(ownerPage, 'landing');
  });

  it('registers and lands on onboarding', async () => {
    await ownerPage.goto('/auth/register');
    await ownerPage.getByLabel('Display Name').fill(owner.displayName);
    await ownerPage.getByLabel('Email').fill(owner.email);
    await ownerPage.getByLabel('Password', { exact: true }).fill(owner.password);
    await ownerPage.getByLabel('Confirm Password').fill(owner.password);
    await shot(ownerPage, 'register');
    await ownerPage.getByRole('button', { name: 'Create account' }).click();
    await ownerPage.waitForURL('**/dashboard/onboarding');
    await ownerPage
      .getByText(/create your first virtual card/i)
      .first()
      .waitFor();
    await shot(ownerPage, 'onboarding');
  });

  it('creates a card with social links and one block of each type, and publishes it', async () => {
    const page = ownerPage;
    await page.getByRole('link', { name: /Create your first card/i }).click();
    await page.waitForURL('**/dashboard/profile/create');
    await page.getByRole('heading', { name: 'Create Profile' }).waitFor();

    await page.getByRole('textbox', { name: 'Handle', exact: true }).fill(card.handle);
    await page.getByRole('textbox', { name: 'Display Name', exact: true }).fill(card.displayName);
    await page.getByRole('textbox', { name: 'Tagline', exact: true }).fill(card.tagline);
    await page.getByRole('textbox', { name: 'Company', exact: true }).fill(card.company);
    await page.getByRole('textbox', { name: 'Bio', exact: true }).fill(card.bio);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(card.email);
    await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill(card.phone);
    await page.getByRole('textbox', { name: 'Website', exact: true }).fill(card.website);
    await page.getByRole('textbox', { name: 'Location', exact: true }).fill(card.location);

    // social links: the first row starts as LinkedIn
    await page.getByRole('button', { name: 'Add Link' }).click();
    await page
      .getByRole('textbox', { name: 'URL', exact: true })
      .nth(0)
      .fill('https://www.linkedin.com/in/ada-lovelace');
    await page.getByRole('button', { name: 'Add Link' }).click();
    await page.getByRole('combobox', { name: 'Platform', exact: true }).nth(1).fill('GitHub');
    await page
      .getByRole('textbox', { name: 'URL', exact: true })
      .nth(1)
      .fill('https://github.com/ada-lovelace');

    // one block of each type, filled in with its own fields (a new block starts empty)
    const types = ['Call to action', 'Quote', 'Embed', 'Links'];
    for (const [index, type] of types.entries()) {
      await page.getByRole('button', { name: 'Add Block' }).click();
      const block = page.getByRole('group', { name: new RegExp(`^Block ${index + 1} ·`) });
      if (index > 0) {
        // a new block is a call to action
        await block.getByRole('combobox', { name: 'Type' }).click();
        await page.getByRole('option', { name: new RegExp(`^${type}`) }).click();
      }
      if (type === 'Call to action') {
        await block.getByRole('textbox', { name: 'Button label' }).fill('Book a call');
        await block.getByRole('textbox', { name: 'Button link' }).fill('cal.com/ada-lovelace');
      } else if (type === 'Quote') {
        await block
          .getByRole('textbox', { name: 'Quote' })
          .fill('That brain of mine is more than merely mortal.');
      } else if (type === 'Embed') {
        await block.getByRole('textbox', { name: 'Embed URL' }).fill('https://youtu.be/aqz-KE-bpKQ');
      } else {
        await block.getByRole('button', { name: 'Add a link' }).click();
        await block.getByRole('textbox', { name: 'Link label' }).fill('Notes on the engine');
        await block.getByRole('textbox', { name: 'Link address' }).fill('https://ada.example.com/notes');
      }
    }

    await page.getByRole('switch', { name: /Draft/ }).click();
    await page.getByText('Your profile is live and visible to visitors').waitFor();
    await shot(page, 'editor-create');

    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.waitForURL('**/dashboard/home');
    await page.getByText(`Profile "${card.displayName}" created successfully!`).first().waitFor();
    await page.getByText(`@${card.handle}`).first().waitFor();
    await shot(page, 'dashboard');
  });

  it('lets a guest on a phone see the card, save the contact and leave a message', async () => {
    const context = await browser.newContext({
      ...IPHONE,
      baseURL: product.baseUrl,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    context.setDefaultTimeout(STEP_TIMEOUT);
    const page = await context.newPage();
    await page.goto(`/u/${card.handle}?utm_source=e2e&src=qr`);
    await page.getByRole('heading', { level: 1, name: card.displayName }).waitFor();
    await page.getByText('Guest View').waitFor();
    await page.getByText(card.tagline).first().waitFor();

    // every block type, with the embed from the allowlist in a lazy frame
    await page.getByRole('heading', { name: 'More About Me' }).waitFor();
    for (const type of ['cta', 'quote', 'embed', 'links']) await page.getByTestId(`block-${type}`).waitFor();
    const frame = page.locator('[data-testid="block-embed"] iframe');
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    expect(await frame.getAttribute('loading')).toBe('lazy');
    expect(await page.getByRole('link', { name: /LinkedIn/ }).getAttribute('target')).toBe('_blank');
    await shot(page, 'public-card-guest');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Save Contact' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${card.handle}.vcf`);
    await page.getByText('vCard downloaded').first().waitFor();
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    const lines = parseVCard(text);
    const value = (name: string) => lines.find((l) => l.name === name)?.value;
    expect(value('FN')).toBe(card.displayName);
    expect(value('N')).toBe('Lovelace;Ada;Byron;;');
    expect(unescapeText(value('ORG') ?? '')).toBe(card.company);
    expect(value('ORG')).toBe('Analytical Engines\\, Ltd.');
    expect(unescapeText(value('TITLE') ?? '')).toBe(card.tagline);
    expect(value('EMAIL')).toBe(card.email);
    expect(lines.find((l) => l.name === 'TEL')).toMatchObject({ params: ['TYPE=CELL'], value: card.phone });
    expect(value('URL')).toBe(card.website);
    expect(lines.find((l) => l.name === 'ADR')?.value).toBe(';;;London\\, UK;;;');
    expect(value('NOTE')).toBe('I wrote the first algorithm\\nfor a machine\\, in 1843.');
    const social = lines.filter((l) => l.name === 'X-SOCIALPROFILE').map((l) => l.value);
    expect(social).toEqual(['https://www.linkedin.com/in/ada-lovelace', 'https://github.com/ada-lovelace']);
    expect(lines[lines.length - 1]).toMatchObject({ name: 'END', value: 'VCARD' });

    // no share sheet in a headless browser: the link is copied instead
    await page.getByRole('link', { name: 'Share' }).click();
    await page.getByText('Link copied!').first().waitFor();
    // the shared link names its channel, as a QR code's says src=qr
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${product.baseUrl}/u/${card.handle}?src=share`,
    );

    await page.getByLabel('Your email').fill(guest.email);
    await page.getByRole('textbox', { name: /^Message/ }).fill(guest.message);
    expect(await page.getByLabel('I agree to receive a follow-up').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thanks! The owner has received your message.').waitFor();
    await page.getByText('Message sent!').first().waitFor();
    expect(await page.getByRole('textbox', { name: /^Message/ }).inputValue()).toBe('');
    expect(await page.getByLabel('Your email').inputValue()).toBe(guest.email);
    await context.close();
  });

  it('shows the owner that visit with its device on the analytics dashboard', async () => {
    const page = ownerPage;
    await page.goto('/dashboard/analytics');
    await page.getByText('Device Types').first().waitFor();
    const deadline = Date.now() + 15_000;
    const mobile = page.getByText(/^mobile$/i);
    while (!(await mobile.isVisible())) {
      if (Date.now() > deadline)
        throw new Error('the visit did not reach the analytics dashboard within 15 s');
      await page.waitForTimeout(1000);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await waitForNetworkQuiet(page);
    }
    await page.getByText('Total Visits').first().waitFor();
    await shot(page, 'analytics');
  });

  it('shows the owner the message on the Leads page', async () => {
    const page = ownerPage;
    await page.goto('/dashboard/leads');
    await page.getByText(guest.message).first().waitFor();
    await page.getByText(guest.email).first().waitFor();
    await shot(page, 'leads');
  });

  // a gallery for people to look at: every screen is audited at both widths by the accessibility suite
  (SAVING_SCREENSHOTS ? it : it.skip)(
    'saves every main screen at 1440 and 390 px',
    async () => {
      const state = await ownerContext.storageState();
      // the page's own session cookie signs the request, as it does the app's
      const profiles = (await ownerPage.evaluate(async () => {
        const response = await fetch('/api/profiles', { credentials: 'same-origin' });
        return response.json();
      })) as { id: string; handle: string }[];
      const id = profiles.find((p) => p.handle === card.handle)?.id;
      expect(id).toBeTruthy();

      const publicScreens: [string, string][] = [
        ['landing', '/'],
        ['login', '/auth/login'],
        ['register', '/auth/register'],
        ['demo', '/demo'],
        ['public-card-guest', `/u/${card.handle}`],
        ['public-card-missing', '/u/no-such-card-here'],
        ['not-found', '/no/such/page'],
      ];
      const ownerScreens: [string, string][] = [
        ['dashboard', '/dashboard/home'],
        ['onboarding', '/dashboard/onboarding'],
        ['editor', `/dashboard/profile/${id}`],
        ['analytics', '/dashboard/analytics'],
        ['leads', '/dashboard/leads'],
        ['settings', '/dashboard/settings'],
        ['public-card-owner', `/u/${card.handle}`],
      ];
      for (const viewport of [DESKTOP.viewport, IPHONE.viewport]) {
        const guestContext = await browser.newContext({
          viewport,
          baseURL: product.baseUrl,
          userAgent: DESKTOP.userAgent,
        });
        const signedIn = await browser.newContext({
          viewport,
          baseURL: product.baseUrl,
          storageState: state,
        });
        guestContext.setDefaultTimeout(STEP_TIMEOUT);
        signedIn.setDefaultTimeout(STEP_TIMEOUT);
        for (const [screens, context] of [
          [publicScreens, guestContext],
          [ownerScreens, signedIn],
        ] as const) {
          const page = await context.newPage();
          for (const [name, path] of screens) {
            await page.goto(path);
            await shot(page, name);
          }
          await page.close();
        }
        await guestContext.close();
        await signedIn.close();
      }
    },
    120_000,
  );
});
