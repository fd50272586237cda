import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { VisitSummaryResponse } from '@cardcraft/contracts';
import { IPHONE, launchChromium, takeCspViolations } from './support/browser';
import { callApi, startProduct, type ApiCall, type RunningProduct } from './support/product';

// the server-rendered public card, read, saved and written to with JavaScript off and on
jest.setTimeout(60_000);

const STEP_TIMEOUT = 10_000;
const SENT = 'Thanks! The owner has received your message.';

// a real vCard parser (the npm package vcf), as a contacts app reads the file
interface VCardProperty {
  valueOf(): string;
}
interface ParsedVCard {
  get(name: string): VCardProperty | VCardProperty[] | undefined;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- vcf ships CommonJS without types
const VCard = require('vcf') as { new (): { parse(text: string): ParsedVCard } };

const stamp = Date.now().toString(36);
const card = {
  handle: `ssr-${stamp}`,
  displayName: 'Katherine Coleman Johnson',
  tagline: 'Trajectories; orbits, and re-entry',
  company: 'NASA Langley',
};

let product: RunningProduct;
let browser: Browser;
let ownerToken: string;
let profileId: string;

const api = <T>(path: string, init?: ApiCall) => callApi<T>(product.baseUrl, path, init);

async function totalVisits(): Promise<number> {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 120_000).toISOString();
  const summary = await api<VisitSummaryResponse>(
    `/api/profiles/${profileId}/analytics/summary?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    { token: ownerToken },
  );
  return summary.totalVisits;
}

/** waits until the analytics show `expected` visits, then a little longer to see that no more arrive */
async function expectVisits(expected: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  let seen = await totalVisits();
  while (seen < expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    seen = await totalVisits();
  }
  await new Promise((r) => setTimeout(r, 1500));
  expect(await totalVisits()).toBe(expected);
}

async function phone(javaScriptEnabled: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...IPHONE,
    baseURL: product.baseUrl,
    javaScriptEnabled,
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  context.setDefaultTimeout(STEP_TIMEOUT);
  return { context, page: await context.newPage() };
}

/** what every visitor sees first: the name, the texts, the contact rows, with or without script */
async function readsTheCard(page: Page): Promise<void> {
  const response = await page.goto(`/u/${card.handle}`);
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: card.displayName }).waitFor();
  await page.getByText(card.tagline).first().waitFor();
  await page.getByText('Guest View').waitFor();
  expect(await page.getByRole('link', { name: / katherine@example\.com/ }).getAttribute('href')).toBe(
    'mailto:katherine@example.com',
  );
  expect(await page.title()).toBe(`${card.displayName} - Digital Business Card`);
}

/** Save Contact downloads the server's file, which a vCard parser reads */
async function savesTheContact(page: Page): Promise<void> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Save Contact' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${card.handle}.vcf`);
  const parsed = new VCard().parse(readFileSync(await download.path(), 'utf8'));
  const value = (name: string) => {
    const property = parsed.get(name);
    return Array.isArray(property) ? property.map((p) => p.valueOf()) : property?.valueOf();
  };
  expect(value('fn')).toBe(card.displayName);
  expect(value('n')).toBe('Johnson;Katherine;Coleman;;');
  expect(value('title')).toBe('Trajectories\\; orbits\\, and re-entry');
  expect(value('org')).toBe(card.company);
  expect(value('email')).toBe('katherine@example.com');
}

describe('the public card, rendered on the server', () => {
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchChromium()]);
    const session = await api<{ accessToken: string }>('/api/auth/register', {
      method: 'POST',
      body: {
        email: `katherine-${stamp}@example.com`,
        password: 'orbital-1962',
        displayName: 'Katherine Johnson',
      },
    });
    ownerToken = session.accessToken;
    const profile = await api<{ id: string }>('/api/profiles', {
      method: 'POST',
      token: ownerToken,
      body: {
        handle: card.handle,
        displayName: card.displayName,
        tagline: card.tagline,
        bio: 'Computed the trajectory of Freedom 7.',
        theme: 'solar',
        layout: 'split',
        published: true,
        contact: {
          email: 'katherine@example.com',
          phoneNumber: '+1 757 555 0100',
          company: card.company,
          location: 'Hampton, VA',
          website: null,
        },
        media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
        privacy: { collectGeo: true, collectIp: false, showIdentifiedViewers: false, allowMessages: true },
        socialLinks: [],
        blocks: [],
      },
    });
    profileId = profile.id;
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  }, 30_000);

  it('with JavaScript off: reads the card, saves the contact and sends a message', async () => {
    const { context, page } = await phone(false);
    await readsTheCard(page);
    await savesTheContact(page);
    // Share is the card's own link
    expect(await page.getByRole('link', { name: 'Share' }).getAttribute('href')).toBe(
      `${product.baseUrl}/u/${card.handle}`,
    );

    // a real form post, answered by the server with the form's own texts
    await page.getByLabel('Your email').fill('not an address');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Enter a valid email').waitFor();
    await page.getByText("We couldn't send your message. Please try again in a moment.").waitFor();
    await page.getByLabel('Your email').fill(`reader-${stamp}@example.com`);
    await page.getByRole('textbox', { name: /^Message/ }).fill('Sent without any script.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(SENT).waitFor();
    await context.close();
  });

  it('with JavaScript on: the same, plus toasts, a copied link and the message sent in place', async () => {
    const { context, page } = await phone(true);
    await readsTheCard(page);
    await savesTheContact(page);
    await page.getByText('vCard downloaded').first().waitFor();

    // no share sheet in a headless browser: the link is copied instead
    await page.getByRole('link', { name: 'Share' }).click();
    await page.getByText('Link copied!').first().waitFor();
    // the shared link names its channel, as a QR code's says src=qr
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${product.baseUrl}/u/${card.handle}?src=share`,
    );
    expect(page.url()).toBe(`${product.baseUrl}/u/${card.handle}`);

    await page.getByLabel('Your email').fill(`script-${stamp}@example.com`);
    await page.getByRole('textbox', { name: /^Message/ }).fill('Sent by the page script.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(SENT).waitFor();
    await page.getByText('Message sent!').first().waitFor();
    // sent in place: still the same page, the message cleared, the address kept
    expect(page.url()).toBe(`${product.baseUrl}/u/${card.handle}`);
    expect(await page.getByRole('textbox', { name: /^Message/ }).inputValue()).toBe('');
    expect(await page.getByLabel('Your email').inputValue()).toBe(`script-${stamp}@example.com`);
    await context.close();

    // the owner has both messages, the one without script and this one
    const leads = await api<{ items: { email: string; message: string | null }[] }>(
      `/api/profiles/${profileId}/leads`,
      { token: ownerToken },
    );
    expect(leads.items.map((lead) => lead.message).sort()).toEqual([
      'Sent by the page script.',
      'Sent without any script.',
    ]);
  });

  it('counts each visit exactly once, with or without script; the owner is not counted', async () => {
    // the two journeys above: one visit each (their form posts and downloads are not visits)
    await expectVisits(2);
    for (const javaScriptEnabled of [true, false]) {
      const { context, page } = await phone(javaScriptEnabled);
      await page.goto(`/u/${card.handle}`);
      await page.getByRole('heading', { level: 1, name: card.displayName }).waitFor();
      await page.waitForLoadState('networkidle');
      await context.close();
    }
    await expectVisits(4);

    // the owner looking at their own card
    const { context, page } = await phone(true);
    await context.addCookies([
      { name: 'cardcraft_session', value: ownerToken, url: product.baseUrl, httpOnly: true },
    ]);
    await page.goto(`/u/${card.handle}`);
    await page.getByText('This is your card as visitors see it.').waitFor();
    await context.close();
    await expectVisits(4);
  });

  // last: its visit would count in the visits counted above
  it("applies the page's own styles under a policy without 'unsafe-inline', and refuses an injected one", async () => {
    const { context, page } = await phone(true);
    const response = await page.goto(`/u/${card.handle}`);
    const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(
      (await response?.headerValue('content-security-policy')) ?? '',
    )?.[1];
    expect(styleSrc).toMatch(/^'self' 'sha256-\S+' 'unsafe-hashes'( 'sha256-\S+')+$/);
    await page.getByRole('heading', { level: 1, name: card.displayName }).waitFor();
    // the stylesheet and every style attribute (the theme, the brand's colours) applied
    const applied = await page.evaluate(() => ({
      stylesheets: document.styleSheets.length,
      ruleCount: [...document.styleSheets].reduce((n, sheet) => n + sheet.cssRules.length, 0),
      attributes: [...document.querySelectorAll<HTMLElement>('[style]')].map((el) => el.style.length),
    }));
    expect(applied.ruleCount).toBeGreaterThan(20);
    expect(applied.attributes.length).toBeGreaterThan(0);
    expect(applied.attributes.every((declarations) => declarations > 0)).toBe(true);
    // what a script or markup slipped into the page would add does not apply
    const injected = await page.evaluate(async () => {
      const style = document.createElement('style');
      style.textContent = 'body { text-indent: 77px; }';
      document.head.append(style);
      const div = document.createElement('div');
      div.innerHTML = '<p style="text-indent: 77px">x</p>';
      document.body.append(div);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return [
        getComputedStyle(document.body).textIndent,
        getComputedStyle(div.firstElementChild!).textIndent,
      ];
    });
    expect(injected).toEqual(['0px', '0px']);
    const refused = takeCspViolations();
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused.every((line) => /style-src/.test(line))).toBe(true);
    await context.close();
  });
});
