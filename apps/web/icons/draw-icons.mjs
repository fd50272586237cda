// draws the installable app's icons (public/icons/*.png) from the two drawings beside this file, in
// Debian's Chromium through playwright-core, as the browser suites run it. the PNGs are kept in the
// repository: run this again only after changing a drawing (`node apps/web/icons/draw-icons.mjs`).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'public', 'icons');

// "any" icons keep their rounded corners transparent; maskable ones fill the square, the drawing
// inside the safe circle (80 % of the side), and so does Apple's, which iOS rounds itself
const ICONS = [
  { drawing: 'icon.svg', file: 'icon-192.png', side: 192 },
  { drawing: 'icon.svg', file: 'icon-512.png', side: 512 },
  { drawing: 'icon-maskable.svg', file: 'icon-maskable-512.png', side: 512 },
  { drawing: 'icon-maskable.svg', file: 'apple-touch-icon.png', side: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const { drawing, file, side } of ICONS) {
    const svg = readFileSync(join(here, drawing), 'utf8');
    await page.setViewportSize({ width: side, height: side });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${side}px;height:${side}px}</style>${svg}`,
    );
    await page.screenshot({ path: join(out, file), omitBackground: true });
    console.log(`${file}: ${side} x ${side}`);
  }
} finally {
  await browser.close();
}
