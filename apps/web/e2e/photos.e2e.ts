import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { DESKTOP, IPHONE, launchChromium, waitForNetworkQuiet } from './support/browser';
import { startProductIn } from './support/cluster';
import type { RunningProduct } from './support/product';
import { saveScreenshot } from './support/screenshots';
import { parseVCard } from './support/vcard';

// photos from the device, end to end in Chromium, in the embedded mode (files under DATA_DIR/media)
// and in the cluster's (MongoDB GridFS, here FerretDB): an avatar chosen with the file picker and a
// banner dropped on the editor, each cropped (from the keyboard) and uploaded; then the card as a
// guest sees it, its contact file's photo and its drawn link preview. screenshots: screenshots/photos/.
jest.setTimeout(180_000);

const STEP_TIMEOUT = 15_000;
const MEDIA_URL = /\/media\/[0-9a-f]{32}\.webp$/;
const MEDIA_FILE = /^[0-9a-f]{32}\.webp$/;

/** a phone photo: a landscape JPEG with the camera's EXIF and the place it was taken */
async function cameraPhoto(width: number, height: number, colour: string): Promise<Buffer> {
  const square = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#facc15' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: square, left: Math.round(width / 2 - 150), top: Math.round(height / 2 - 150) }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'E2E Camera', Model: 'Pocket 2' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    })
    .toBuffer();
}

async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await saveScreenshot(page, `photos/${name}-${width}.png`);
}

/** drops a file on an element as a browser does when one is dragged from the desktop */
async function dropFile(page: Page, selector: string, name: string, type: string, bytes: Buffer) {
  await page.evaluate(
    ({ selector, name, type, base64 }) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      const target = document.querySelector(selector);
      if (!target) throw new Error(`${selector} is not on the page`);
      target.dispatchEvent(
        new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }),
      );
      target.dispatchEvent(
        new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }),
      );
    },
    { selector, name, type, base64: bytes.toString('base64') },
  );
}

/** the field's value once it is an uploaded image's address */
async function uploadedAddress(field: Locator): Promise<string> {
  const deadline = Date.now() + STEP_TIMEOUT;
  for (;;) {
    const value = await field.inputValue();
    if (MEDIA_URL.test(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`no uploaded image's address in the field (it says "${value}")`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['embedded', 'cluster'] as const)('photos from the device (%s)', (mode) => {
  let product: RunningProduct;
  const stamp = `${mode}-${Date.now().toString(36)}`;
  const handle = `photo-${stamp}`;

  beforeAll(async () => {
    product = await startProductIn(mode);
  }, 90_000);
  afterAll(async () => {
    await product?.stop();
  });

  it('uploads a cropped avatar and a dropped banner from the editor, and the card shows them', async () => {
    let avatarUrl = '';
    const context = await browser.newContext({ ...DESKTOP, baseURL: product.baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    try {
      await page.goto('/auth/register');
      await page.getByLabel('Display Name').fill('Marie Curie');
      await page.getByLabel('Email').fill(`marie-${stamp}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('radium-and-polonium');
      await page.getByLabel('Confirm Password').fill('radium-and-polonium');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL('**/dashboard/onboarding');
      await page.goto('/dashboard/profile/create');
      await page.getByRole('heading', { name: 'Create Profile' }).waitFor();
      await page.getByRole('textbox', { name: 'Handle', exact: true }).fill(handle);
      await page.getByRole('textbox', { name: 'Display Name', exact: true }).fill('Marie Curie');
      await page.getByRole('textbox', { name: 'Tagline', exact: true }).fill('Physicist and chemist');
      await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Institut du Radium');

      // the avatar: the file picker, as the phone's photo library answers it
      await page.setInputFiles('[data-testid="avatar-file"]', {
        name: 'IMG_0042.jpg',
        mimeType: 'image/jpeg',
        buffer: await cameraPhoto(1600, 1200, '#0f766e'),
      });
      const dialog = page.getByRole('dialog', { name: 'Crop Avatar' });
      await dialog.waitFor();
      const cropper = dialog.getByRole('group', { name: 'Crop Avatar' });
      // dragged with the mouse: the image follows the pointer
      const photo = cropper.locator('img');
      const leftOf = async () => photo.evaluate((img: HTMLImageElement) => parseFloat(img.style.left));
      await photo.waitFor();
      // the dialog zooms in as it opens: measured once it stands still
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const before = await leftOf();
      const box = (await cropper.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      expect(await leftOf()).toBeCloseTo(before - 40, 0);
      await cropper.focus();
      for (const key of ['+', '+', '+', 'ArrowRight', 'ArrowRight', 'Shift+ArrowDown']) {
        await page.keyboard.press(key);
      }
      expect(await dialog.getByRole('slider', { name: 'Zoom' }).getAttribute('aria-valuetext')).toBe('130%');
      await shot(page, `crop-avatar-${mode}`);
      await dialog.getByRole('button', { name: 'Use Image' }).click();
      await dialog.waitFor({ state: 'detached' });
      const avatarField = page.getByRole('textbox', { name: 'Avatar Image', exact: true });
      avatarUrl = await uploadedAddress(avatarField);
      expect(avatarUrl.startsWith(`${product.baseUrl}/media/`)).toBe(true);
      // focus comes back to the field's upload button
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Upload Image');

      // the banner: dropped on its field
      await dropFile(
        page,
        '[data-testid="banner-dropzone"]',
        'beach.jpg',
        'image/jpeg',
        await cameraPhoto(1200, 1200, '#1d4ed8'),
      );
      const bannerDialog = page.getByRole('dialog', { name: 'Crop Banner' });
      await bannerDialog.waitFor();
      await bannerDialog.getByRole('button', { name: 'Use Image' }).click();
      await bannerDialog.waitFor({ state: 'detached' });
      const bannerField = page.getByRole('textbox', { name: 'Banner Image', exact: true });
      const bannerUrl = await uploadedAddress(bannerField);

      // not an image: said in words, nothing uploaded
      await page.setInputFiles('[data-testid="avatar-file"]', {
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('just words'),
      });
      await page.getByRole('alert').filter({ hasText: 'This file is not an image' }).waitFor();
      expect(await avatarField.inputValue()).toBe(avatarUrl);
      await page.getByRole('heading', { name: 'Profile Media' }).scrollIntoViewIfNeeded();
      await shot(page, `editor-media-${mode}`);

      await page.getByRole('switch', { name: /Draft|Published/ }).click();
      await page.getByRole('button', { name: 'Create Profile' }).click();
      await page.waitForURL('**/dashboard/home');

      // what was stored: the avatar 512×512 and the banner 1500×500, WebP, no EXIF, no GPS
      for (const [url, width, height] of [
        [avatarUrl, 512, 512],
        [bannerUrl, 1500, 500],
      ] as const) {
        const response = await fetch(url);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const bytes = Buffer.from(await response.arrayBuffer());
        const metadata = await sharp(bytes).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width, height });
        expect(metadata.exif).toBeUndefined();
      }
      // where it was stored: files under DATA_DIR/media, or GridFS with nothing on the disk
      const mediaDir = join(product.dataDir, 'media');
      const files = existsSync(mediaDir) ? readdirSync(mediaDir).filter((name) => MEDIA_FILE.test(name)) : [];
      expect(files.length).toBe(mode === 'embedded' ? 2 : 0);

      // the owner's card on a desktop
      await page.goto(`/u/${handle}`);
      await page.locator(`img[src="${avatarUrl}"]`).first().waitFor();
      await waitForNetworkQuiet(page);
      await shot(page, `card-${mode}`);

      // the editor on a phone: the fields and the cropper fit, the banner's frame is 3:1
      await page.setViewportSize(IPHONE.viewport);
      await page.goto('/dashboard/home');
      await page.getByRole('link', { name: 'Edit', exact: true }).first().click();
      await page.getByRole('heading', { name: 'Profile Media' }).scrollIntoViewIfNeeded();
      await waitForNetworkQuiet(page);
      await shot(page, `editor-media-${mode}`);
      await page.setInputFiles('[data-testid="banner-file"]', {
        name: 'IMG_0043.jpg',
        mimeType: 'image/jpeg',
        buffer: await cameraPhoto(1000, 1400, '#9333ea'),
      });
      const phoneDialog = page.getByRole('dialog', { name: 'Crop Banner' });
      await phoneDialog.waitFor();
      const frame = await phoneDialog.getByRole('group', { name: 'Crop Banner' }).boundingBox();
      expect(frame && Math.round(frame.width / frame.height)).toBe(3);
      expect(frame && frame.width).toBeLessThanOrEqual(IPHONE.viewport.width);
      await shot(page, `crop-banner-${mode}`);
      await phoneDialog.getByRole('button', { name: 'Cancel' }).click();
      await phoneDialog.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }

    // a guest on a phone: the photos, the contact file's photo, the link preview
    const phone = await browser.newContext({ ...IPHONE, baseURL: product.baseUrl });
    const guest = await phone.newPage();
    guest.setDefaultTimeout(STEP_TIMEOUT);
    try {
      await guest.goto(`/u/${handle}`);
      const avatar = guest.locator(`img[src="${avatarUrl}"]`).first();
      await avatar.waitFor();
      await waitForNetworkQuiet(guest);
      expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
      await shot(guest, `card-${mode}`);

      const download = guest.waitForEvent('download');
      await guest.getByRole('link', { name: 'Save Contact' }).click();
      const file = await download;
      const path = await file.path();
      const text = readFileSync(path, 'utf8');
      const photo = parseVCard(text).find((line) => line.name === 'PHOTO');
      expect(photo?.params).toEqual(['ENCODING=b', 'TYPE=JPEG']);
      const jpeg = Buffer.from(photo!.value, 'base64');
      expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });

      const ogImage = await guest.locator('meta[property="og:image"]').getAttribute('content');
      expect(ogImage).toMatch(new RegExp(`/u/${handle}/preview\\.png\\?v=`));
      const preview = Buffer.from(await (await fetch(ogImage!)).arrayBuffer());
      expect(await sharp(preview).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
      await guest.goto(ogImage!);
      await shot(guest, `preview-image-${mode}`);
    } finally {
      await phone.close();
    }
  });
});
