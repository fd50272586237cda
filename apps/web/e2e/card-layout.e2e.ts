import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, IPHONE, launchChromium } from './support/browser';
import { callApi, startProduct, type ApiCall, type RunningProduct } from './support/product';
import { saveScreenshot } from './support/screenshots';

// the server-rendered card with the longest content a new user writes, in every theme and layout, at
// 320, 390 and 1440 px: nothing may widen the page, cut the name or push the avatar out of its header.
// the toasts on a phone: one at a time, clear of the actions. screenshots go to screenshots/cards/.
jest.setTimeout(180_000);

const STEP_TIMEOUT = 10_000;
const THEMES = ['aurora', 'noir', 'solar'] as const;
const LAYOUTS = ['neon', 'minimal', 'split'] as const;
const WIDTHS = [320, 390, 1440] as const;

const stamp = Date.now().toString(36);
const LONG_WORD = 'Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft'.repeat(
  3,
);
const long = {
  displayName: 'Hubert Blaine Wolfeschlegelsteinhausen 🦄',
  // 105 characters
  tagline:
    'Principal research engineer for human-centred interfaces, accessibility and ergonomics in public service',
  company: 'Fraunhofer-Institut für Kommunikation, Informationsverarbeitung und Ergonomie',
  bio: `Write to hubert.blaine.wolfeschlegelsteinhausen.research-office@fraunhofer-kommunikation.example.com any time. ${LONG_WORD.slice(0, 190)}`,
  email: 'hubert.blaine.wolfeschlegelsteinhausen@fraunhofer-kommunikation.example.com',
  location: 'Wachtberg-Werthhoven, Nordrhein-Westfalen, Bundesrepublik Deutschland',
  website: 'https://www.fraunhofer-kommunikation-informationsverarbeitung-ergonomie.example.com/team/hubert',
};

let product: RunningProduct;
let browser: Browser;
const handles = new Map<string, string>();

const api = <T>(path: string, init?: ApiCall) => callApi<T>(product.baseUrl, path, init);

function cardBody(handle: string, theme: string, layout: string) {
  return {
    handle,
    displayName: long.displayName,
    tagline: long.tagline,
    bio: long.bio,
    theme,
    layout,
    published: true,
    contact: {
      email: long.email,
      phoneNumber: '+49 228 9435 0000 0000',
      company: long.company,
      location: long.location,
      website: long.website,
    },
    media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
    privacy: { collectGeo: false, collectIp: false, showIdentifiedViewers: false, allowMessages: true },
    socialLinks: [
      { provider: 'LinkedIn', label: null, url: 'https://linkedin.com/in/hubert', highlight: true, order: 0 },
      { provider: 'GitHub', label: null, url: 'https://github.com/hubert', highlight: false, order: 1 },
    ],
    blocks: [
      {
        type: 'quote',
        title: `A quote with ${LONG_WORD.slice(0, 60)}`,
        subtitle: LONG_WORD.slice(0, 120),
        payloadJson: JSON.stringify({ quote: LONG_WORD.slice(0, 190), author: long.company }),
        visible: true,
        order: 0,
      },
      {
        type: 'links',
        title: 'Links',
        subtitle: null,
        payloadJson: JSON.stringify({
          links: [{ label: LONG_WORD.slice(0, 100), href: `${long.website}/${LONG_WORD}` }],
        }),
        visible: true,
        order: 1,
      },
      {
        type: 'cta',
        title: 'Call',
        subtitle: null,
        payloadJson: JSON.stringify({
          ctaLabel: LONG_WORD.slice(0, 80),
          ctaHref: long.website,
          body: long.bio,
        }),
        visible: true,
        order: 2,
      },
    ],
  };
}

/** what a guest's phone or desktop sees of the page's width, the name and the avatar */
interface Measured {
  innerWidth: number;
  scrollWidth: number;
  /** elements cut by an ancestor that hides overflow, or by the viewport */
  clipped: string[];
}

async function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    const inside = (inner: DOMRect, outer: DOMRect) =>
      inner.left >= outer.left - 1 &&
      inner.right <= outer.right + 1 &&
      inner.top >= outer.top - 1 &&
      inner.bottom <= outer.bottom + 1;
    // the docked actions are fixed to the screen on a phone: no ancestor of theirs clips them there
    const check = (label: string, element: Element | null, docked = false) => {
      if (!element) return clipped.push(`${label}: missing`);
      const rect = element.getBoundingClientRect();
      if (rect.left < -1 || rect.right > window.innerWidth + 1)
        clipped.push(`${label}: outside the viewport`);
      if (element.scrollWidth > element.clientWidth + 1) clipped.push(`${label}: wider than its box`);
      for (let parent = docked ? null : element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        if (!inside(rect, parent.getBoundingClientRect()))
          clipped.push(`${label}: cut by <${parent.tagName.toLowerCase()} class="${parent.className}">`);
      }
      return 0;
    };
    check('display name', document.querySelector('h1'));
    check('avatar', document.querySelector('[data-card-avatar]'));
    const actions = document.querySelectorAll(
      '[data-testid="card-actions"] a, [data-testid="card-actions"] button',
    );
    actions.forEach((action, index) =>
      check(
        `action ${index + 1}`,
        action,
        getComputedStyle(action.closest('[data-testid="card-actions"]')!).position === 'fixed',
      ),
    );
    return {
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      clipped,
    };
  });
}

/**
 * the classes on the page that the web app's stylesheet styles and the page's own stylesheet does not
 * (the card page has a stylesheet of its own, built from the card's sources only). selectors are read
 * as the browser parses them, the app's from its text, so both escape class names alike.
 */
async function unstyledClasses(page: Page, appCss: string): Promise<string[]> {
  return page.evaluate((appText) => {
    const selectors = (rules: CSSRuleList, into: string[] = []): string[] => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) into.push(rule.selectorText);
        if ('cssRules' in rule) selectors((rule as CSSGroupingRule).cssRules, into);
      }
      return into;
    };
    const own = [...document.styleSheets].flatMap((sheet) => selectors(sheet.cssRules));
    const appSheet = new CSSStyleSheet();
    appSheet.replaceSync(appText);
    const app = selectors(appSheet.cssRules);
    const styles = (list: string[], token: string) => {
      const name = `.${CSS.escape(token)}`;
      return list.some((selector) => {
        for (let at = selector.indexOf(name); at >= 0; at = selector.indexOf(name, at + 1)) {
          if (!/^[\w\\-]/.test(selector.slice(at + name.length))) return true;
        }
        return false;
      });
    };
    const used = new Set([...document.querySelectorAll('*')].flatMap((element) => [...element.classList]));
    return [...used].filter((token) => styles(app, token) && !styles(own, token)).sort();
  }, appCss);
}

describe('the card with long content', () => {
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchChromium()]);
    const session = await api<{ accessToken: string }>('/api/auth/register', {
      method: 'POST',
      body: { email: `hubert-${stamp}@example.com`, password: 'ergonomie-1949', displayName: 'Hubert' },
    });
    for (const theme of THEMES) {
      for (const layout of LAYOUTS) {
        const handle = `long-${theme}-${layout}-${stamp}`;
        await api('/api/profiles', {
          method: 'POST',
          token: session.accessToken,
          body: cardBody(handle, theme, layout),
        });
        handles.set(`${theme}-${layout}`, handle);
      }
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  }, 30_000);

  it.each(WIDTHS)('never scrolls sideways nor cuts the name or avatar at %i px', async (width) => {
    const device = width === 1440 ? DESKTOP : { ...IPHONE, viewport: { width, height: 780 } };
    const context: BrowserContext = await browser.newContext({ ...device, baseURL: product.baseUrl });
    context.setDefaultTimeout(STEP_TIMEOUT);
    const page = await context.newPage();
    const problems: string[] = [];
    for (const theme of THEMES) {
      for (const layout of LAYOUTS) {
        const combo = `${theme}-${layout}`;
        await page.goto(`/u/${handles.get(combo)}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        const seen = await measure(page);
        await saveScreenshot(page, `cards/long-${combo}-${width}.png`, { fullPage: true });
        if (seen.scrollWidth > seen.innerWidth)
          problems.push(`${combo}: the page is ${seen.scrollWidth} px wide at ${seen.innerWidth}`);
        for (const cut of seen.clipped) problems.push(`${combo}: ${cut}`);
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it("styles every class of its pages with the card's own stylesheet, as the app's styles them", async () => {
    const index = await (await fetch(`${product.baseUrl}/`)).text();
    const appCssPath = /href="(\/assets\/index-[^"]+\.css)"/.exec(index)?.[1];
    expect(appCssPath).toBeDefined();
    const appCss = await (await fetch(`${product.baseUrl}${appCssPath}`)).text();
    const context = await browser.newContext({
      ...IPHONE,
      baseURL: product.baseUrl,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    context.setDefaultTimeout(STEP_TIMEOUT);
    const page = await context.newPage();
    const missing = new Set<string>();
    for (const theme of THEMES) {
      for (const layout of LAYOUTS) {
        await page.goto(`/u/${handles.get(`${theme}-${layout}`)}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // the classes the script sets: the form's errors and a toast
        await page.getByRole('button', { name: /Send Message/i }).click();
        await page.locator('[data-field-error]').first().waitFor();
        await page.getByTestId('card-actions').getByRole('link', { name: 'Share' }).click();
        await page.locator('[data-toast]').waitFor();
        for (const token of await unstyledClasses(page, appCss)) missing.add(`${theme}-${layout}: ${token}`);
      }
    }
    // the owner's view (its notice and badge) and a page that is not there
    await context.request.post('/api/auth/login', {
      data: { email: `hubert-${stamp}@example.com`, password: 'ergonomie-1949' },
    });
    for (const path of [`/u/${handles.get('solar-split')}`, `/u/nobody-${stamp}`]) {
      await page.goto(path);
      for (const token of await unstyledClasses(page, appCss)) missing.add(`${path}: ${token}`);
    }
    await context.close();
    expect([...missing]).toEqual([]);
  });

  it('shows one toast at a time on a phone, clear of the actions', async () => {
    const context = await browser.newContext({
      ...IPHONE,
      baseURL: product.baseUrl,
      acceptDownloads: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    context.setDefaultTimeout(STEP_TIMEOUT);
    const page = await context.newPage();
    // the server's card and the web app's demo card raise their toasts differently; both must keep to it
    for (const path of [`/u/${handles.get('aurora-neon')}`, '/demo']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const actions = page.getByTestId('card-actions');
      await Promise.all([
        page.waitForEvent('download'),
        actions
          .getByRole('link', { name: 'Save Contact' })
          .or(actions.getByRole('button', { name: 'Save Contact' }))
          .click(),
      ]);
      await actions.getByRole('link', { name: 'Share' }).click();
      await page.getByText('Link copied!').first().waitFor();
      // a replaced toast fades out first
      await page.waitForTimeout(600);
      const seen = await page.evaluate(() => {
        const bar = document.querySelector('[data-testid="card-actions"]')?.getBoundingClientRect();
        const notes = [...document.querySelectorAll<HTMLElement>('[data-toast]')].filter(
          (note) => note.checkVisibility({ checkOpacity: true }) && note.getBoundingClientRect().height > 0,
        );
        return {
          count: notes.length,
          overlapping: notes.some((note) => {
            const rect = note.getBoundingClientRect();
            return bar ? rect.bottom > bar.top && rect.top < bar.bottom : false;
          }),
        };
      });
      expect({ path, ...seen }).toEqual({ path, count: 1, overlapping: false });
    }
    await context.close();
  });
});
