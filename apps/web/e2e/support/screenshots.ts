import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP_WIDTH, PHONE_WIDTH } from './axe';
import { waitForNetworkQuiet } from './browser';
import { REPO_ROOT } from './product';

/**
 * the browser suites save screenshots of the screens they pass through, for people to look at
 * (`npm run screenshots`, which sets E2E_SCREENSHOTS=1). `npm test` leaves them out: a saved picture
 * checks nothing, and waiting for each page to settle for it cost the suites about three minutes of
 * browser time. a test that measures pixels takes its own screenshot, always.
 */
export const SAVING_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

const SCREENSHOTS_DIR = join(REPO_ROOT, 'screenshots');

export interface ScreenshotOptions {
  /** the whole scrollable page rather than the viewport (pages only) */
  fullPage?: boolean;
  animations?: 'disabled';
  /** first let the page finish loading (no request open for half a second) and its entrances play */
  settle?: boolean;
}

/** saves what a page or an element shows under screenshots/`file`, when screenshots are being saved */
export async function saveScreenshot(
  target: Page | Locator,
  file: string,
  options: ScreenshotOptions = {},
): Promise<void> {
  if (!SAVING_SCREENSHOTS) return;
  if (options.settle) {
    const page = 'goto' in target ? target : target.page();
    await waitForNetworkQuiet(page);
    await page.waitForTimeout(150);
  }
  const path = join(SCREENSHOTS_DIR, file);
  mkdirSync(dirname(path), { recursive: true });
  const { fullPage, animations } = options;
  if ('goto' in target) await target.screenshot({ path, fullPage, animations });
  else await target.screenshot({ path, animations });
}

/**
 * the page at 1440 and 390 px as `<file>-<width>.png`, settled, when screenshots are being saved; the
 * viewport is put back after
 */
export async function saveAtBothWidths(page: Page, file: string, fullPage = false): Promise<void> {
  if (!SAVING_SCREENSHOTS) return;
  const original = page.viewportSize();
  try {
    for (const width of [DESKTOP_WIDTH, PHONE_WIDTH]) {
      await page.setViewportSize({ width, height: original?.height ?? 900 });
      await saveScreenshot(page, `${file}-${width}.png`, { fullPage, settle: true });
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
