import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WebhookMessages } from '@cardcraft/contracts';
import { DESKTOP_WIDTH, expectAccessible, PHONE_WIDTH } from './support/axe';
import { DESKTOP, IPHONE, launchChromium, waitForNetworkQuiet } from './support/browser';
import { startProductIn, type Mode } from './support/cluster';
import type { RunningProduct } from './support/product';
import { SAVING_SCREENSHOTS, saveScreenshot } from './support/screenshots';

// the Integrations screen in Chromium, in the embedded mode and the cluster's: an owner adds a webhook
// endpoint (a receiver on loopback, which the product is told to allow), copies the secret shown once,
// sends a test event, reads it in the delivery log with its payload, rotates the secret and deletes the
// endpoint, each destructive step confirmed. every screen is audited by axe at 1440 and 390 px; on a
// phone the owner opens the same list and the log.
jest.setTimeout(120_000);

const STEP_TIMEOUT = 10_000;
const PASSWORD = 'a long enough password';

let browser: Browser;
let product: RunningProduct;
let receiver: Server;
let received: Array<{ path: string; body: string }> = [];
const contexts: BrowserContext[] = [];

/** a shot at both widths under screenshots/integrations/, when screenshots are saved */
async function shoot(page: Page, name: string, mode: Mode): Promise<void> {
  if (!SAVING_SCREENSHOTS) return;
  const original = page.viewportSize();
  try {
    for (const width of [DESKTOP_WIDTH, PHONE_WIDTH]) {
      await page.setViewportSize({ width, height: original?.height ?? 900 });
      await saveScreenshot(page, `integrations/${name}-${mode}-${width}.png`, { settle: true });
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

async function open(device: typeof DESKTOP | typeof IPHONE): Promise<Page> {
  const context = await browser.newContext({ ...device, baseURL: product.baseUrl });
  context.setDefaultTimeout(STEP_TIMEOUT);
  contexts.push(context);
  return context.newPage();
}

/** an owner with a published card, signed in through the form */
async function signedInOwner(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    async ({ email, password }) => {
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => {
          if (!r.ok) throw new Error(`${path}: ${r.status}`);
        });
      await post('/api/auth/register', { email, password, displayName: 'Hook Owner' });
      await post('/api/profiles', {
        handle: email.split('@')[0],
        displayName: 'Hook Card',
        published: true,
      });
    },
    { email, password: PASSWORD },
  );
  await signIn(page, email);
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL('**/dashboard/**');
}

beforeAll(async () => {
  received = [];
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '/', body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

describe.each<Mode>(['embedded', 'cluster'])('the Integrations screen (%s)', (mode) => {
  const stamp = `${mode}-${Date.now().toString(36)}`;
  let page: Page;
  let hookUrl: string;

  beforeAll(async () => {
    product = await startProductIn(mode, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks-${stamp}`;
  }, 90_000);
  afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close();
    await product?.stop();
  }, 30_000);

  it('starts empty, adds an endpoint and shows its secret once', async () => {
    page = await open(DESKTOP);
    await signedInOwner(page, `hooks-${stamp}@example.com`);
    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await page.getByText('No webhooks yet').waitFor();
    await expectAccessible(page, 'Integrations, empty');
    await shoot(page, 'empty', mode);

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add an endpoint' });
    // the form says what is wrong, in the API's words, before anything is sent
    await form.getByRole('checkbox', { name: /A visitor leaves a message/ }).uncheck();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText(WebhookMessages.events).waitFor();
    await form.getByLabel('Endpoint URL').fill(hookUrl);
    await form.getByLabel('Description').fill('Local CRM');
    await form.getByRole('checkbox', { name: /A visitor leaves a message/ }).check();
    await form.getByRole('checkbox', { name: /A card is published/ }).check();
    await expectAccessible(page, 'Integrations, the endpoint form');
    await shoot(page, 'form', mode);
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Endpoint added' });
    await secretDialog.getByText(WebhookMessages.secretShownOnce).waitFor();
    const secret = (await secretDialog.getByTestId('signing-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    await expectAccessible(page, 'Integrations, the secret shown once');
    await shoot(page, 'secret', mode);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Local CRM' }).waitFor();
    // the secret is not on the page any more
    expect(await page.getByText(secret).count()).toBe(0);
  });

  it('sends a test event and shows it in the log, with its payload', async () => {
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('table', { name: 'Deliveries, newest first' }).waitFor();
    await page.getByRole('cell').getByText('Delivered').waitFor({ timeout: 15_000 });
    expect(received.filter((one) => one.path === new URL(hookUrl).pathname)).toHaveLength(1);
    await page
      .getByRole('button', { name: /Details/ })
      .first()
      .click();
    const detail = page.getByRole('dialog', { name: /Delivery of webhook.test/ });
    await detail.getByText('"type": "webhook.test"').waitFor();
    await detail.getByText('thanks').waitFor();
    await expectAccessible(page, 'Integrations, a delivery');
    await shoot(page, 'delivery', mode);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    await expectAccessible(page, 'Integrations, the list and its log');
    await shoot(page, 'list', mode);
  });

  it('shows the list and the log on a phone', async () => {
    const phone = await open(IPHONE);
    await signIn(phone, `hooks-${stamp}@example.com`);
    await phone.goto('/dashboard/integrations');
    await phone.getByRole('heading', { name: 'Local CRM' }).waitFor();
    await phone.getByRole('button', { name: 'Deliveries' }).click();
    await phone.getByText('webhook.test').first().waitFor();
    await waitForNetworkQuiet(phone);
    await expectAccessible(phone, 'Integrations on a phone', [PHONE_WIDTH]);
    await saveScreenshot(phone, `integrations/phone-log-${mode}-390.png`, { settle: true, fullPage: true });
  });

  it('rotates the secret and deletes the endpoint, each confirmed', async () => {
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await expectAccessible(page, 'Integrations, rotating the secret', [DESKTOP_WIDTH]);
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    await rotated.getByText('The previous secret keeps working for 24 hours', { exact: false }).waitFor();
    await rotated.getByRole('button', { name: 'Done' }).click();
    await page.getByText('The previous secret signs too until', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Delete' }).click();
    const deletion = page.getByRole('alertdialog', { name: 'Delete this endpoint?' });
    await expectAccessible(page, 'Integrations, deleting an endpoint', [DESKTOP_WIDTH]);
    await shoot(page, 'delete', mode);
    await deletion.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No webhooks yet').waitFor();
  });
});
