import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import type { ProfileResponse } from '@cardcraft/contracts';
import { logoPng, readQrPng } from '../../api/src/qr/testing/qr-reader';
import { makePassCertificates } from '../../api/src/wallet/testing/certificates';
import { readZip } from '../../api/src/wallet/testing/zip';
import {
  googleWalletEnv,
  makeServiceAccount,
  readSaveLink,
  TEST_ISSUER_ID,
  type TestServiceAccount,
} from '../../api/src/wallet/testing/google-wallet';
import { DESKTOP, IPHONE, launchChromium } from './support/browser';
import { startProductIn, type Mode } from './support/cluster';
import type { RunningProduct } from './support/product';
import { saveScreenshot } from './support/screenshots';

// the dashboard card menu's tools in Chromium, on the built product with a self-made Wallet pass
// certificate and Google Wallet service account: the designed QR code (read back by a QR reader), the
// e-mail signature copied as rich HTML, the Wallet pass, the Google Wallet link (its JWT read, never
// followed: Google is not reachable here), and Duplicate; in the embedded mode and in the cluster's
// configuration (api and worker processes, FerretDB, Redis, ClickHouse over HTTP). screenshots at 1440
// and 390 px go to screenshots/card-tools/, named with the mode.
jest.setTimeout(240_000);

const STEP_TIMEOUT = 15_000;
const stamp = Date.now().toString(36);
const owner = {
  displayName: 'Grace Hopper',
  email: `tools.${stamp}@example.com`,
  password: 'correct horse battery',
};
const handle = `grace-${stamp}`;

let certificates: string;
let walletEnv: Record<string, string>;
let googleAccount: TestServiceAccount;
let browser: Browser;
// the mode's product and the owner's page, set by each mode's beforeAll
let mode: Mode;
let product: RunningProduct;
let context: BrowserContext;
let page: Page;

async function shot(name: string): Promise<void> {
  await saveScreenshot(page, `card-tools/${name}-${mode}.png`, { animations: 'disabled' });
}

async function openMenuItem(name: string | RegExp, profileName = 'Grace Hopper'): Promise<void> {
  await page
    .getByRole('button', { name: `Actions for ${profileName}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name }).click();
}

async function downloaded(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

// one Wallet certificate and one browser for the file; a product per mode
beforeAll(async () => {
  certificates = mkdtempSync(join(tmpdir(), 'cardcraft-e2e-wallet-'));
  const made = makePassCertificates('pass.test.cardcraft.e2e', 'ABCDE12345');
  writeFileSync(join(certificates, 'pass.pem'), made.signerCert);
  writeFileSync(join(certificates, 'pass.key'), made.signerKey);
  writeFileSync(join(certificates, 'wwdr.pem'), made.wwdrCert);
  walletEnv = {
    WALLET_PASS_TYPE_ID: 'pass.test.cardcraft.e2e',
    WALLET_TEAM_ID: 'ABCDE12345',
    WALLET_PASS_CERT: join(certificates, 'pass.pem'),
    WALLET_PASS_KEY: join(certificates, 'pass.key'),
    WALLET_PASS_KEY_PASSPHRASE: made.passphrase,
    WALLET_WWDR_CERT: join(certificates, 'wwdr.pem'),
  };
  googleAccount = makeServiceAccount();
  Object.assign(walletEnv, googleWalletEnv(googleAccount));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  rmSync(certificates, { recursive: true, force: true });
}, 30_000);

describe.each(['embedded', 'cluster'] as const)('the card menu tools (%s)', (current) => {
  beforeAll(async () => {
    mode = current;
    // the browser starts with the first mode's product, and serves the second too
    [product, browser] = await Promise.all([startProductIn(mode, walletEnv), browser ?? launchChromium()]);
    context = await browser.newContext({
      ...DESKTOP,
      baseURL: product.baseUrl,
      acceptDownloads: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    context.setDefaultTimeout(STEP_TIMEOUT);
    page = await context.newPage();

    await page.goto('/auth/register');
    await page.getByLabel('Display Name').fill(owner.displayName);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByLabel('Confirm Password').fill(owner.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard/onboarding');
    // the card, through the api with the owner's session cookie
    await page.evaluate(async (handle) => {
      const response = await fetch('/api/profiles', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          handle,
          displayName: 'Grace Hopper',
          tagline: 'Rear admiral & compiler pioneer',
          theme: 'solar',
          layout: 'neon',
          published: true,
          contact: { email: 'grace@example.com', company: 'US Navy', phoneNumber: '+1 202 555 0100' },
          blocks: [
            { type: 'quote', title: 'Motto', payloadJson: '{"quote":"Ask forgiveness"}', visible: true },
          ],
        }),
      });
      if (!response.ok) throw new Error(`create: ${response.status} ${await response.text()}`);
    }, handle);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await product?.stop();
  }, 60_000);

  it.each([DESKTOP.viewport, IPHONE.viewport])(
    'designs a QR code that a reader reads, with a logo and chosen colours (%o)',
    async (viewport) => {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/home');
      await openMenuItem('QR Code');
      const dialog = page.getByRole('dialog', { name: 'Profile QR Code' });
      await dialog.waitFor();
      await page.waitForFunction(() =>
        document.querySelector<HTMLImageElement>('[data-testid="qr-preview"]')?.src.startsWith('blob:'),
      );
      // the theme's colour (solar) by default
      expect(await dialog.getByLabel('Code colour', { exact: true }).inputValue()).toBe('#c2410c');
      await shot(`qr-theme-${viewport.width}`);

      // too light to scan: refused, and nothing to download
      await dialog.getByLabel('Code colour', { exact: true }).fill('#dddddd');
      await dialog.getByRole('alert').filter({ hasText: 'too close to scan' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Download QR Code' }).isDisabled()).toBe(true);
      await shot(`qr-refused-${viewport.width}`);

      await dialog.getByLabel('Code colour', { exact: true }).fill('#0f766e');
      await dialog.getByLabel('Background', { exact: true }).fill('#fefce8');
      await dialog.getByLabel('Logo image').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: logoPng(),
      });
      // the preview as drawn: the logo's colour in its middle, the chosen background in its corner
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('[data-testid="qr-preview"]');
        if (!image?.src.startsWith('blob:') || !image.complete || image.naturalWidth === 0) return false;
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 200;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0, 200, 200);
        const hex = (x: number, y: number) =>
          [...context.getImageData(x, y, 1, 1).data.slice(0, 3)]
            .map((value) => value.toString(16).padStart(2, '0'))
            .join('');
        return hex(100, 100) === 'e11d48' && hex(2, 2) === 'fefce8';
      });
      await page.locator('[data-testid="qr-preview"]:not(.opacity-60)').waitFor();
      await dialog.getByText('2048 px').click();
      await shot(`qr-logo-${viewport.width}`);

      const [png] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download QR Code' }).click(),
      ]);
      expect(png.suggestedFilename()).toBe(`qr-${handle}-2048.png`);
      const read = await readQrPng(await downloaded(png));
      expect([read.width, read.height]).toEqual([2048, 2048]);
      expect(read.decoded).toBe(`${product.baseUrl}/u/${handle}?src=qr`);
      expect(read.pixel(1024, 1024)).toBe('#e11d48');
      expect(read.pixel(4, 4)).toBe('#fefce8');

      const [svg] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download SVG' }).click(),
      ]);
      expect(svg.suggestedFilename()).toBe(`qr-${handle}.svg`);
      const source = (await downloaded(svg)).toString();
      expect(source).toMatch(/^<svg/);
      expect(source).toContain('fill="#0f766e"');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
    },
  );

  it.each([DESKTOP.viewport, IPHONE.viewport])(
    'copies the e-mail signature as rich HTML with its text (%o)',
    async (viewport) => {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/home');
      await openMenuItem('E-mail signature');
      const dialog = page.getByRole('dialog', { name: 'E-mail signature' });
      await dialog
        .getByTestId('signature-preview')
        .getByText('Rear admiral & compiler pioneer · US Navy')
        .waitFor();
      await shot(`signature-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Copy signature' }).click();
      await dialog.getByRole('button', { name: 'Copied' }).waitFor();
      const clipboard = await page.evaluate(async () => {
        const [item] = await navigator.clipboard.read();
        return {
          types: item.types,
          html: await (await item.getType('text/html')).text(),
          text: await (await item.getType('text/plain')).text(),
        };
      });
      expect(clipboard.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));
      expect(clipboard.html).toContain(`href="${product.baseUrl}/u/${handle}?src=signature"`);
      expect(clipboard.html).toContain('Rear admiral &amp; compiler pioneer');
      expect(clipboard.text).toContain(`My digital card: ${product.baseUrl}/u/${handle}?src=signature`);
      await dialog.getByRole('tab', { name: 'Apple Mail' }).click();
      await dialog.getByText('Always match my default message font', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
    },
  );

  it('downloads the Apple Wallet pass, and shows no button when the server makes none', async () => {
    await page.setViewportSize(DESKTOP.viewport);
    await page.goto('/dashboard/home');
    await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await shot('menu-1440');
    const [pass] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Add to Apple Wallet' }).click(),
    ]);
    expect(pass.suggestedFilename()).toBe(`${handle}.pkpass`);
    const files = readZip(await downloaded(pass));
    const json = JSON.parse(files.get('pass.json')!.toString()) as { barcodes: { message: string }[] };
    expect(json.barcodes[0].message).toBe(`${product.baseUrl}/u/${handle}?src=wallet`);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['manifest.json', 'signature', 'icon.png']));

    // a server without a pass certificate says so, and the item is not there
    await page.route('**/api/client-config', (route) =>
      route.fulfill({ json: { publicBaseUrl: product.baseUrl, walletPass: false, googleWallet: true } }),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'E-mail signature' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Add to Apple Wallet' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: /^Save to Google Wallet/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.unroute('**/api/client-config');
  });

  it.each([DESKTOP.viewport, IPHONE.viewport])(
    "offers Save to Google Wallet, a link to Google's save page with this card's signed pass (%o)",
    async (viewport) => {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/home');
      await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
      const item = page.getByRole('menuitem', { name: /^Save to Google Wallet/ });
      await item.waitFor();
      await shot(`google-wallet-menu-${viewport.width}`);
      // a new tab that cannot reach back into the dashboard; not followed: pay.google.com is not reachable
      expect(await item.getAttribute('target')).toBe('_blank');
      expect((await item.getAttribute('rel'))?.split(' ')).toContain('noopener');
      const { header, claims } = readSaveLink((await item.getAttribute('href'))!, googleAccount.publicKey);
      expect(header).toMatchObject({ alg: 'RS256' });
      expect(claims).toMatchObject({
        iss: googleAccount.email,
        aud: 'google',
        typ: 'savetowallet',
        origins: [new URL(product.baseUrl).origin],
      });
      const cards = await page.evaluate(async () => {
        const response = await fetch('/api/profiles', { credentials: 'same-origin' });
        return (await response.json()) as ProfileResponse[];
      });
      const grace = cards.find((card) => card.handle === handle)!;
      const [object] = claims.payload.genericObjects;
      expect(object.id).toBe(`${TEST_ISSUER_ID}.card-${grace.id}`);
      expect(object.classId).toBe(claims.payload.genericClasses[0].id);
      expect(object.cardTitle.defaultValue.value).toBe('US Navy');
      expect(object.header.defaultValue.value).toBe('Grace Hopper');
      expect(object.subheader?.defaultValue.value).toBe('Rear admiral & compiler pioneer · US Navy');
      expect(object.hexBackgroundColor).toBe('#c2410c');
      expect(object.barcode.value).toBe(`${product.baseUrl}/u/${handle}?src=google-wallet`);
      await page.keyboard.press('Escape');

      // a server without a Google Wallet issuer: the Apple item stays, the Google one is not there
      await page.route('**/api/client-config', (route) =>
        route.fulfill({ json: { publicBaseUrl: product.baseUrl, walletPass: true, googleWallet: false } }),
      );
      await page.reload();
      await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
      await page.getByRole('menuitem', { name: 'Add to Apple Wallet' }).waitFor();
      expect(await page.getByRole('menuitem', { name: /Google Wallet/ }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.unroute('**/api/client-config');
    },
  );

  it('duplicates the card, unpublished under handle-2, and opens its editor', async () => {
    await page.setViewportSize(IPHONE.viewport);
    await page.goto('/dashboard/home');
    await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await shot('menu-390');
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await page.waitForURL(/\/dashboard\/profile\/[^/]+$/);
    expect(page.url()).not.toContain('/create');
    await page.getByText(`The copy is @${handle}-2, not published yet.`, { exact: true }).waitFor();
    // the copy's editor, with its own handle
    await page.waitForFunction(
      (expected) =>
        [...document.querySelectorAll<HTMLInputElement>('input')].some((input) => input.value === expected),
      `${handle}-2`,
    );
    await shot('duplicate-editor-390');
    const profiles = await page.evaluate(async () => {
      const response = await fetch('/api/profiles', { credentials: 'same-origin' });
      return (await response.json()) as ProfileResponse[];
    });
    const copy = profiles.find((profile) => profile.handle === `${handle}-2`);
    expect(copy).toMatchObject({ published: false, theme: 'solar', displayName: 'Grace Hopper' });
    expect(copy?.blocks.map((block) => block.title)).toEqual(['Motto']);
    expect(page.url()).toContain(`/dashboard/profile/${copy!.id}`);

    await page.setViewportSize(DESKTOP.viewport);
    await page.goto('/dashboard/home');
    await page.getByRole('button', { name: 'Actions for Grace Hopper' }).nth(1).waitFor();
    await shot('dashboard-with-copy-1440');
  });
});
