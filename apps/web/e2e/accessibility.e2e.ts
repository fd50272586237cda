import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';
import sharp from 'sharp';
import { DESKTOP, IPHONE, finishAnimations, launchChromium } from './support/browser';
import { REPO_ROOT, startProduct, type RunningProduct } from './support/product';

// every screen through axe-core at 1440 and 390 px, and the keyboard on the public card and the login page
// (issue 4 point 6). axe runs the WCAG 2.1 A and AA rules, plus 2.2 AA (target size) and its best
// practices; serious and critical findings fail. the contrast axe cannot judge (text over the themes'
// gradients and images) is measured on the rendered pixels.
// a test walks up to five screens at two widths: beside the rest of the suite on two busy cores one took
// more than a minute, so the bound is the other browser suites' two
jest.setTimeout(120_000);
// the theme-and-layout tests check nine screens at two widths each
const NINE_SCREENS_TIMEOUT = 180_000;

const STEP_TIMEOUT = 10_000;
const AXE_SOURCE = readFileSync(join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const WIDTHS = [DESKTOP.viewport.width, IPHONE.viewport.width];
const HEIGHT = 900;
/** the impacts that fail the run; moderate and minor ones are printed with AXE_VERBOSE=1 */
const BLOCKING = new Set(['serious', 'critical']);
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  resultTypes: ['violations', 'incomplete'],
  // the only frames are third-party embeds, which are not ours to audit (and axe is not inside them)
  iframes: false,
};

const stamp = Date.now().toString(36);
const owner = { displayName: 'Grace Hopper', email: `grace-${stamp}@example.com`, password: 'cobol-1959' };
const handle = `grace-${stamp}`;

let product: RunningProduct;
let browser: Browser;
let ownerContext: BrowserContext;
let ownerPage: Page;
let guestContext: BrowserContext;
let guestPage: Page;

interface Finding {
  screen: string;
  width: number;
  id: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // fonts, lazy chunks and the toasts' entrance
  await page.waitForTimeout(150);
  await finishAnimations(page);
}

/** one rule waived for one element in one state, with the reason it cannot harm anyone there */
interface Waiver {
  rule: string;
  target: string;
  why: string;
}

interface AuditOptions {
  /** the widths to audit at; a state that a resize would end (an open listbox) is audited as it is */
  widths?: number[];
  waive?: Waiver;
}

/** axe on the page as it is now, at each width; the findings of every impact */
async function audit(
  page: Page,
  screen: string,
  { widths = WIDTHS, waive }: AuditOptions = {},
): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: HEIGHT });
    await settle(page);
    // evaluated, not added as a <script>: the page's content security policy refuses inline scripts
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const { violations, unmeasured } = await page.evaluate(async (options) => {
      const axe = (window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<AxeResults> } })
        .axe;
      const results = await axe.run(document, options);
      return {
        violations: results.violations.map((v) => ({
          id: v.id,
          impact: v.impact ?? 'unknown',
          help: v.help,
          nodes: v.nodes.map((n) => ({
            target: n.target.join(' '),
            summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
          })),
        })),
        // text axe could not judge: over gradients, images or layered backgrounds
        unmeasured: results.incomplete
          .filter((v) => v.id === 'color-contrast')
          .flatMap((v) => v.nodes.map((n) => n.target.join(' '))),
      };
    }, AXE_OPTIONS);
    // a picture taken before the text went transparent reads as text on itself (seen once on a loaded
    // machine, 1.23:1 on white): what fails is measured again, and a real shortfall fails twice
    let measured = await measureContrast(page, unmeasured);
    if (measured.length > 0)
      measured = await measureContrast(
        page,
        measured.map((m) => m.target),
      );
    if (measured.length > 0) {
      violations.push({
        id: 'color-contrast (measured)',
        impact: 'serious',
        help: 'Text must contrast with the pixels behind it (4.5:1, large text 3:1)',
        nodes: measured.map((m) => ({ target: m.target, summary: m.summary })),
      });
    }
    for (const v of violations) {
      if (waive?.rule === v.id) {
        v.nodes = v.nodes.filter((n) => n.target !== waive.target);
        if (process.env.AXE_VERBOSE)
          console.log(`waived ${v.id} on ${waive.target} (${screen}): ${waive.why}`);
      }
      if (v.nodes.length === 0) continue;
      findings.push({
        screen,
        width,
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target),
        summary: v.nodes[0]?.summary ?? '',
      });
    }
  }
  return findings;
}

interface Measured {
  target: string;
  summary: string;
}

/**
 * the contrast axe leaves incomplete, measured on the rendered pixels: the text is made transparent, the
 * page photographed, and the text colour compared with the pixels under each line of text (the 2nd
 * percentile, so a stray edge pixel does not decide). gradient text is judged by its darkest stop.
 */
async function measureContrast(page: Page, targets: string[]): Promise<Measured[]> {
  if (targets.length === 0) return [];
  const viewport = page.viewportSize() ?? { width: DESKTOP.viewport.width, height: HEIGHT };
  // the whole page in one picture, laid out as it is (fixed parts stay where the rectangles say)
  const full = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.min(full, 12_000) });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const prepared = await page.evaluate((selectors) => {
    const state = { nodes: [] as unknown[], restore: [] as (() => void)[] };
    (window as unknown as { __contrast: typeof state }).__contrast = state;
    const clippedByScroller = (el: Element, r: DOMRect): boolean => {
      for (let box = el.parentElement; box; box = box.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(box);
        if (overflowX === 'visible' && overflowY === 'visible') continue;
        const b = box.getBoundingClientRect();
        if (r.top < b.top || r.bottom > b.bottom || r.left < b.left || r.right > b.right) return true;
      }
      return false;
    };
    for (const selector of selectors) {
      const el = document.querySelector<HTMLElement | SVGElement>(selector);
      if (!el) continue;
      const style = getComputedStyle(el);
      const rects: { x: number; y: number; w: number; h: number }[] = [];
      for (const child of el.childNodes) {
        if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(child);
        for (const r of range.getClientRects()) {
          if (r.width < 1 || r.height < 1) continue;
          // text under something else (a dialog, its overlay) is not what the reader sees
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (top && !el.contains(top) && !top.contains(el)) continue;
          // nor text scrolled out of a scrolling box (a tall dialog on a phone): the pixels there are
          // the box's other content
          if (clippedByScroller(el, r)) continue;
          // where the viewport's screenshot has it: a page scrolled under an open dialog keeps its offset
          rects.push({ x: r.left, y: r.top, w: r.width, h: r.height });
        }
      }
      if (rects.length === 0) continue;
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement)
        opacity *= Number(getComputedStyle(node).opacity);
      const clipped = style.backgroundClip === 'text' || style.webkitBackgroundClip === 'text';
      const stops = clipped
        ? (style.backgroundImage.match(/(?:oklch|oklab|rgba?|hsla?|color)\([^()]*\)|#[0-9a-f]{3,8}\b/gi) ??
          [])
        : [];
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      // svg text (the chart's ticks) is painted with fill
      const svg = el instanceof SVGElement;
      const color = svg ? style.fill : style.color;
      state.nodes.push({ selector, rects, color, stops, opacity, required: large ? 3 : 4.5 });
      const previous = el.getAttribute('style');
      el.style.setProperty(svg ? 'fill' : 'color', 'transparent', 'important');
      el.style.setProperty('-webkit-text-fill-color', 'transparent', 'important');
      el.style.setProperty('text-shadow', 'none', 'important');
      // gradient text is its own background, clipped to the letters
      if (clipped) el.style.setProperty('background', 'none', 'important');
      state.restore.push(() =>
        previous === null ? el.removeAttribute('style') : el.setAttribute('style', previous),
      );
    }
    return state.nodes.length;
  }, targets);
  let shot = '';
  if (prepared > 0) {
    // a frame drawn with the text made transparent, not the one before it
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    shot = (await page.screenshot({ scale: 'css', animations: 'disabled' })).toString('base64');
  }
  const failures = await page.evaluate(async (png) => {
    interface Node {
      selector: string;
      rects: { x: number; y: number; w: number; h: number }[];
      color: string;
      stops: string[];
      opacity: number;
      required: number;
    }
    const state = (window as unknown as { __contrast: { nodes: Node[]; restore: (() => void)[] } })
      .__contrast;
    state.restore.forEach((undo) => undo());
    if (!png) return [];
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return [];
    ctx.drawImage(image, 0, 0);
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    // any css colour (oklch included) to srgb through a one-pixel canvas
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const rgba = (css: string): [number, number, number, number] => {
      if (!probe) return [0, 0, 0, 1];
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const channel = (c: number) => {
      const v = c / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    const luminance = (r: number, g: number, b: number) =>
      0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const failed: { target: string; summary: string }[] = [];
    for (const node of state.nodes) {
      const colours = (node.stops.length > 0 ? node.stops : [node.color]).map(rgba);
      const ratios: number[] = [];
      for (const rect of node.rects) {
        const x0 = Math.max(0, Math.floor(rect.x));
        const y0 = Math.max(0, Math.floor(rect.y));
        const x1 = Math.min(canvas.width, Math.ceil(rect.x + rect.w));
        const y1 = Math.min(canvas.height, Math.ceil(rect.y + rect.h));
        for (let y = y0; y < y1; y += 1) {
          for (let x = x0; x < x1; x += 1) {
            const i = (y * canvas.width + x) * 4;
            const [br, bg, bb] = [pixels[i], pixels[i + 1], pixels[i + 2]];
            const lb = luminance(br, bg, bb);
            let worst = Infinity;
            for (const [fr, fg, fb, fa] of colours) {
              const a = fa * node.opacity;
              const lf = luminance(fr * a + br * (1 - a), fg * a + bg * (1 - a), fb * a + bb * (1 - a));
              worst = Math.min(worst, (Math.max(lf, lb) + 0.05) / (Math.min(lf, lb) + 0.05));
            }
            ratios.push(worst);
          }
        }
      }
      if (ratios.length === 0) continue;
      ratios.sort((a, b) => a - b);
      const ratio = ratios[Math.floor(ratios.length * 0.02)];
      if (ratio < node.required) {
        failed.push({
          target: node.selector,
          summary: `measured ${ratio.toFixed(2)}:1, needs ${node.required}:1 (text ${node.stops.length > 0 ? node.stops.join(' to ') : node.color})`,
        });
      }
    }
    return failed;
  }, shot);
  await page.setViewportSize(viewport);
  return failures;
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `- [${f.impact}] ${f.id} on ${f.screen} at ${f.width} px: ${f.help}\n` +
        f.targets
          .slice(0, 8)
          .map((t) => `    ${t}`)
          .join('\n') +
        (f.targets.length > 8 ? `\n    ... and ${f.targets.length - 8} more` : '') +
        `\n    ${f.summary.slice(0, 400)}`,
    )
    .join('\n');
}

/**
 * whether focus reaches the element within two seconds: Radix hands it back to the trigger on a tick
 * after the menu or dialog has gone, which a loaded machine reaches later than the check (seen in CI)
 */
async function focusSettlesOn(element: Locator): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    if (await element.evaluate((el) => el === document.activeElement)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

/** fails with every serious or critical finding, each with its rule, elements and what to fix */
async function expectAccessible(page: Page, screen: string, options?: AuditOptions): Promise<void> {
  const findings = await audit(page, screen, options);
  if (process.env.AXE_VERBOSE && findings.length > 0) console.log(report(findings));
  const blocking = findings.filter((f) => BLOCKING.has(f.impact));
  if (blocking.length > 0) {
    throw new Error(`axe found ${blocking.length} serious or critical problem(s):\n${report(blocking)}`);
  }
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchChromium()]);
  ownerContext = await browser.newContext({ ...DESKTOP, baseURL: product.baseUrl });
  ownerContext.setDefaultTimeout(STEP_TIMEOUT);
  ownerPage = await ownerContext.newPage();
  // a phone visitor, so the visit counts for the analytics screen
  guestContext = await browser.newContext({ ...IPHONE, baseURL: product.baseUrl });
  guestContext.setDefaultTimeout(STEP_TIMEOUT);
  guestPage = await guestContext.newPage();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
}, 30_000);

describe('every screen passes axe (WCAG 2.1 A and AA) at 1440 and 390 px', () => {
  it('the landing, login, password, not-found and missing-card pages', async () => {
    const page = guestPage;
    const screens: [string, string, string][] = [
      ['landing', '/', 'Get Started Free'],
      ['login', '/auth/login', 'Welcome back'],
      // a well-formed token: the form (the server judges the token only when it is sent)
      ['reset password', `/auth/reset-password#token=${'a'.repeat(43)}`, 'At least 6 characters'],
      ['forgot password', '/auth/forgot-password', 'Forgot your password?'],
      // a link without a token: the page says it cannot be used and offers a new one
      ['reset password, bad link', '/auth/reset-password', 'This link cannot be used'],
      ['not-found', '/no/such/page', '404'],
      ['missing card', '/u/no-such-card-here', 'not found'],
    ];
    for (const [screen, path, text] of screens) {
      await page.goto(path);
      await page.getByText(text).first().waitFor();
      await expectAccessible(page, screen);
    }
  });

  it('registration, with its validation errors, then onboarding and the empty dashboard', async () => {
    const page = ownerPage;
    await page.goto('/auth/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expectAccessible(page, 'register');

    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').first().waitFor();
    await expectAccessible(page, 'register with errors');

    await page.getByLabel('Display Name').fill(owner.displayName);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByLabel('Confirm Password').fill(owner.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard/onboarding');
    await page
      .getByText(/create your first virtual card/i)
      .first()
      .waitFor();
    await expectAccessible(page, 'onboarding');

    await page.goto('/dashboard/home');
    await page
      .getByRole('link', { name: /create/i })
      .first()
      .waitFor();
    await expectAccessible(page, 'dashboard (empty)');
  });

  it('the profile editor with a social link and a block, and the dashboard with the card', async () => {
    const page = ownerPage;
    await page.setViewportSize(DESKTOP.viewport);
    await page.goto('/dashboard/profile/create');
    await page.getByRole('heading', { name: 'Create Profile' }).waitFor();
    await page.getByRole('textbox', { name: 'Handle', exact: true }).fill(handle);
    await page.getByRole('textbox', { name: 'Display Name', exact: true }).fill('Grace Brewster Hopper');
    await page.getByRole('textbox', { name: 'Tagline', exact: true }).fill('Rear admiral, compiler pioneer');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('grace@navy.example.com');
    await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('+1 202 555 0142');
    await page.getByRole('button', { name: 'Add Link' }).click();
    await page
      .getByRole('textbox', { name: 'URL', exact: true })
      .first()
      .fill('https://www.linkedin.com/in/grace-hopper');
    await page.getByRole('button', { name: 'Add Block' }).click();
    await page.getByRole('switch', { name: /Draft/ }).click();
    await page.getByText('Your profile is live and visible to visitors').waitFor();
    await expectAccessible(page, 'profile editor');

    // a listbox open: a resize closes it, so it is audited at the width it opened at
    await page.setViewportSize(DESKTOP.viewport);
    const type = page.getByRole('combobox', { name: 'Type' }).first();
    await type.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await expectAccessible(page, 'block type listbox', {
      widths: [DESKTOP.viewport.width],
      waive: {
        rule: 'aria-hidden-focus',
        target: '#root',
        // radix hides the page behind an open select (aria-hidden) and traps focus in the listbox, with
        // tab held: nothing behind can be reached. axe exempts this only for role=dialog, not listbox
        why: 'focus is trapped in the open listbox',
      },
    });
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await focusSettlesOn(type)).toBe(true);

    // the avatar's crop dialog, as a photo chosen on the device opens it
    await page.setViewportSize(DESKTOP.viewport);
    await page.setInputFiles('[data-testid="avatar-file"]', {
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer(),
    });
    const crop = page.getByRole('dialog', { name: 'Crop Avatar' });
    await crop.waitFor();
    await expectAccessible(page, 'avatar crop dialog');
    await page.keyboard.press('Escape');
    await crop.waitFor({ state: 'detached' });

    await page.setViewportSize(DESKTOP.viewport);
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await page.waitForURL('**/dashboard/home');
    await page.getByText(`@${handle}`).first().waitFor();
    await expectAccessible(page, 'dashboard with a card');
  });

  it('the card menu, the QR and delete dialogs and the account menu, opened and closed by keyboard', async () => {
    const page = ownerPage;
    const trigger = page.getByRole('button', { name: /^Actions for / });
    const openMenu = async () => {
      await trigger.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
    };

    // the card's "created" toast goes first: on a phone it sits at the top, over a dialog's title,
    // and the dialogs are audited, not the toast
    await page.locator('[data-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    await openMenu();
    await expectAccessible(page, 'card menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await focusSettlesOn(trigger)).toBe(true);

    for (const [item, dialog] of [
      ['QR Code', 'dialog'],
      ['E-mail signature', 'dialog'],
      ['Delete', 'alertdialog'],
    ] as const) {
      await openMenu();
      await page.getByRole('menuitem', { name: item }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole(dialog).waitFor();
      await settle(page);
      // focus is inside the dialog while it is open
      expect(await page.getByRole(dialog).evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await expectAccessible(page, `${item} dialog`);
      await page.keyboard.press('Escape');
      await page.getByRole(dialog).waitFor({ state: 'detached' });
      // and back on the control that opened the menu once it closes
      expect(await focusSettlesOn(trigger)).toBe(true);
    }

    const account = page.getByRole('button', { name: /account menu/ });
    await account.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'account menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await focusSettlesOn(account)).toBe(true);
  });

  it('the public card as a guest', async () => {
    const page = guestPage;
    await page.goto(`/u/${handle}?utm_source=a11y`);
    await page.getByText('Guest View').waitFor();
    await expectAccessible(page, 'public card');
    // a message, so the leads screen has a row
    await page.getByLabel('Your email').fill(`visitor-${stamp}@example.com`);
    await page.getByRole('textbox', { name: /^Message/ }).fill('Please speak at our conference.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thanks! The owner has received your message.').waitFor();
  });

  it('analytics with a visit, leads and settings', async () => {
    const page = ownerPage;
    await page.setViewportSize(DESKTOP.viewport);
    await page.goto('/dashboard/analytics');
    await page.getByText('Device Types').first().waitFor();
    const deadline = Date.now() + 15_000;
    while (!(await page.getByText(/^mobile$/i).isVisible())) {
      if (Date.now() > deadline) throw new Error('the visit did not reach the analytics screen within 15 s');
      await page.waitForTimeout(1000);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForLoadState('networkidle');
    }
    await expectAccessible(page, 'analytics');

    await page.goto('/dashboard/leads');
    await page.getByText('Please speak at our conference.').first().waitFor();
    await expectAccessible(page, 'leads');

    await page.goto('/dashboard/settings');
    await page
      .getByRole('button', { name: /delete/i })
      .first()
      .waitFor();
    await expectAccessible(page, 'settings');
  });

  it(
    'the demo card in every theme and layout',
    async () => {
      const page = guestPage;
      for (const theme of ['aurora', 'noir', 'solar']) {
        for (const layout of ['neon', 'minimal', 'split']) {
          await page.goto(`/demo?theme=${theme}&layout=${layout}`);
          await page.locator(`[data-theme="${theme}"][data-layout="${layout}"]`).waitFor();
          await expectAccessible(page, `demo ${theme} ${layout}`);
        }
      }
    },
    NINE_SCREENS_TIMEOUT,
  );

  it(
    'the server-rendered card in every theme and layout',
    async () => {
      // one card per theme and layout, made through the api with the owner's session cookie
      const themes = ['aurora', 'noir', 'solar'];
      const layouts = ['neon', 'minimal', 'split'];
      const handles = (await ownerPage.evaluate(
        async ({ themes, layouts, stamp }) => {
          const made: string[] = [];
          for (const theme of themes) {
            for (const layout of layouts) {
              const handle = `a11y-${theme}-${layout}-${stamp}`;
              const response = await fetch('/api/profiles', {
                method: 'POST',
                credentials: 'same-origin',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  handle,
                  displayName: 'Grace Brewster Hopper',
                  tagline: 'Rear admiral; compiler pioneer',
                  bio: 'It is easier to ask forgiveness than it is to get permission.',
                  theme,
                  layout,
                  published: true,
                  contact: {
                    email: 'grace@example.com',
                    phoneNumber: '+1 202 555 0100',
                    company: 'US Navy',
                    location: 'Arlington, VA',
                    website: 'https://grace.example.com',
                  },
                  media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
                  privacy: {
                    collectGeo: true,
                    collectIp: false,
                    showIdentifiedViewers: false,
                    allowMessages: true,
                  },
                  socialLinks: [
                    {
                      provider: 'GitHub',
                      label: '',
                      url: 'https://github.com/grace',
                      highlight: false,
                      order: 0,
                    },
                  ],
                  blocks: [
                    {
                      type: 'quote',
                      title: 'Motto',
                      subtitle: '',
                      payloadJson:
                        '{"quote":"A ship in port is safe, but that is not what ships are built for."}',
                      visible: true,
                      order: 0,
                    },
                  ],
                }),
              });
              if (!response.ok) throw new Error(`${handle}: ${response.status} ${await response.text()}`);
              made.push(handle);
            }
          }
          return made;
        },
        { themes, layouts, stamp },
      )) as string[];
      const page = guestPage;
      for (const cardHandle of handles) {
        await page.goto(`/u/${cardHandle}`);
        await page.getByText('Guest View').waitFor();
        await expectAccessible(page, `server card ${cardHandle.split('-').slice(1, 3).join(' ')}`);
      }
    },
    NINE_SCREENS_TIMEOUT,
  );
});

interface Stop {
  index: number;
  label: string;
  /** the focus ring (outline or box-shadow changed from the unfocused state) against what is around it */
  contrast: number;
  style: string;
}

/** tabs through the page from the top: the elements reached, in order, and whether each showed focus */
async function tabThrough(page: Page): Promise<{ expected: string[]; stops: Stop[] }> {
  const expected = await page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, iframe, [tabindex]';
    const all = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      if (el.tabIndex < 0 || el.closest('[inert], [aria-hidden="true"]')) return false;
      // radix's focus proxies around the toasts pass focus on; they are not stops of their own
      if (el.matches('[data-radix-focus-guard], [role="region"][aria-label^="Notifications"] > span'))
        return false;
      if ((el as HTMLButtonElement).disabled) return false;
      return el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true });
    });
    // a radio group is one tab stop: its checked radio
    const reachable = all.filter((el) => {
      if (!(el instanceof HTMLInputElement) || el.type !== 'radio') return true;
      const group = all.filter(
        (o) => o instanceof HTMLInputElement && o.type === 'radio' && o.name === el.name,
      ) as HTMLInputElement[];
      return el === (group.find((o) => o.checked) ?? group[0]);
    });
    const describe = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').trim().slice(0, 40)}"`;
    const ring = (el: HTMLElement) => {
      const s = getComputedStyle(el);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join('|');
    };
    reachable.forEach((el, index) => {
      el.dataset.kbIndex = String(index);
      el.dataset.kbRest = ring(el);
      // a visually hidden control (a styled radio) shows its focus on the visible part beside it
      const sibling = el.nextElementSibling as HTMLElement | null;
      if (sibling && el.getBoundingClientRect().width <= 1) sibling.dataset.kbRest = ring(sibling);
    });
    (document.activeElement as HTMLElement | null)?.blur();
    return reachable.map(describe);
  });

  const stops: Stop[] = [];
  for (let i = 0; i < expected.length + 5; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || el.dataset.kbIndex === undefined) return null;
      // the ring's transition runs to its end before it is read
      for (const animation of document.getAnimations()) {
        try {
          animation.finish();
        } catch {
          // an endless animation (a spinner) cannot finish and does not matter here
        }
      }
      const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      const rgba = (css: string): [number, number, number, number] => {
        if (!probe) return [0, 0, 0, 1];
        probe.clearRect(0, 0, 1, 1);
        probe.fillStyle = css;
        probe.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
        return [r, g, b, a / 255];
      };
      const over = (top: number[], below: number[]) =>
        [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3])).concat(1);
      const channel = (c: number) => {
        const v = c / 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      const luminance = ([r, g, b]: number[]) =>
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      const contrast = (a: number[], b: number[]) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
      };
      /** the colour around the control, where an offset ring is drawn: its ancestors' backgrounds, layered */
      const around = (node: HTMLElement) => {
        const layers: number[][] = [];
        for (let up = node.parentElement; up; up = up.parentElement) {
          const layer = rgba(getComputedStyle(up).backgroundColor);
          if (layer[3] === 0) continue;
          layers.push(layer);
          if (layer[3] === 1) break;
        }
        return layers.reduceRight((below, top) => over(top, below), [255, 255, 255, 1]);
      };
      const ring = (node: HTMLElement) => {
        const s = getComputedStyle(node);
        return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join('|');
      };
      /** the contrast of the focus ring with what is around it, or 0 when focus changed nothing */
      const shows = (node: HTMLElement) => {
        const s = getComputedStyle(node);
        if (ring(node) === node.dataset.kbRest) return 0;
        const colours: string[] =
          s.boxShadow.match(/(?:oklch|oklab|rgba?|hsla?|color)\([^()]*\)|#[0-9a-f]{3,8}\b/gi) ?? [];
        if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1) colours.push(s.outlineColor);
        const ground = around(node);
        return Math.max(0, ...colours.map((c) => contrast(over(rgba(c), ground), ground)));
      };
      const sibling = el.nextElementSibling as HTMLElement | null;
      const hidden = el.getBoundingClientRect().width <= 1;
      // a visually hidden control (a styled radio) shows its focus on the part beside it
      const ratio = hidden && sibling ? Math.max(shows(el), shows(sibling)) : shows(el);
      return {
        index: Number(el.dataset.kbIndex),
        label: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
        contrast: ratio,
        style: ring(hidden && sibling ? sibling : el),
      };
    });
    if (!stop || stops.some((s) => s.index === stop.index)) break;
    stops.push(stop);
  }
  return { expected, stops };
}

function expectKeyboardFriendly(screen: string, { expected, stops }: { expected: string[]; stops: Stop[] }) {
  if (process.env.AXE_VERBOSE)
    console.log(`${screen}: ${stops.map((s) => `${s.label} ${s.contrast.toFixed(1)}`).join(', ')}`);
  const order = stops.map((s) => s.index);
  const missed = expected.filter((_, i) => !order.includes(i));
  const outOfOrder = order.filter((index, i) => i > 0 && index < order[i - 1]);
  // a focus indicator is a visual part of the control: 3:1 against its surroundings (WCAG 1.4.11)
  const noRing = stops.filter((s) => s.contrast < 3);
  const problems = [
    ...missed.map((label) => `not reached by Tab: ${label}`),
    ...outOfOrder.map((index) => `reached out of document order: ${expected[index]}`),
    ...noRing.map(
      (s) =>
        `no visible focus on ${s.label}: ring contrast ${s.contrast.toFixed(2)}:1 (outline|width|colour|shadow: ${s.style})`,
    ),
  ];
  if (problems.length > 0) throw new Error(`${screen}:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  expect(stops.length).toBe(expected.length);
}

describe('the keyboard reaches every control in order, with a visible focus', () => {
  it.each(WIDTHS)('on the login page at %i px', async (width) => {
    const page = guestPage;
    await page.setViewportSize({ width, height: HEIGHT });
    await page.goto('/auth/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await settle(page);
    expectKeyboardFriendly(`login at ${width} px`, await tabThrough(page));
  });

  it.each(WIDTHS)('on the public card at %i px', async (width) => {
    const page = guestPage;
    await page.setViewportSize({ width, height: HEIGHT });
    await page.goto(`/u/${handle}`);
    await page.getByText('Guest View').waitFor();
    await settle(page);
    expectKeyboardFriendly(`public card at ${width} px`, await tabThrough(page));
  });
});
