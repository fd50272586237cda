import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
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
}

/** saves what a page or an element shows under screenshots/`file`, when screenshots are being saved */
export async function saveScreenshot(
  target: Page | Locator,
  file: string,
  options: ScreenshotOptions = {},
): Promise<void> {
  if (!SAVING_SCREENSHOTS) return;
  const path = join(SCREENSHOTS_DIR, file);
  mkdirSync(dirname(path), { recursive: true });
  if ('goto' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path, animations: options.animations });
}
