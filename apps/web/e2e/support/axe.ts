import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';
import { finishAnimations, waitForNetworkQuiet } from './browser';
import { REPO_ROOT } from './product';

// axe-core on a screen as it is, at the widths given, for the feature suites: the same rules and the
// same bar as accessibility.e2e.ts (WCAG 2.1 A and AA, 2.2 AA, best practices; serious and critical
// findings fail). the contrast axe cannot judge over images is that suite's to measure on the pixels.

const AXE_SOURCE = readFileSync(join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  resultTypes: ['violations'],
  // the only frames are the editor's preview (its card is audited on its own page) and embeds
  iframes: false,
};
const BLOCKING = new Set(['serious', 'critical']);

export const DESKTOP_WIDTH = 1440;
export const PHONE_WIDTH = 390;

/**
 * fails with every serious or critical finding on the page, at each width (the viewport is resized,
 * then put back): the rule, its help, the elements and what axe says is wrong
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  widths: number[] = [DESKTOP_WIDTH, PHONE_WIDTH],
): Promise<void> {
  const original = page.viewportSize();
  const findings: string[] = [];
  try {
    for (const width of widths) {
      await page.setViewportSize({ width, height: original?.height ?? 900 });
      await waitForNetworkQuiet(page);
      // the entrances of dialogs and toasts (a frame for the resize's own to start), then their ends
      await page.waitForTimeout(50);
      await finishAnimations(page);
      // evaluated, not added as a <script>: the content security policy refuses inline scripts
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async (options) => {
        const axe = (window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<AxeResults> } })
          .axe;
        const results = await axe.run(document, options);
        return results.violations.map((v) => ({
          id: v.id,
          impact: v.impact ?? 'unknown',
          help: v.help,
          nodes: v.nodes.map(
            (n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
          ),
        }));
      }, AXE_OPTIONS);
      for (const v of violations.filter((found) => BLOCKING.has(found.impact))) {
        findings.push(
          `${screen} at ${width} px: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.join('\n    ')}`,
        );
      }
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  if (findings.length > 0) throw new Error(`accessibility findings:\n${findings.join('\n')}`);
}
