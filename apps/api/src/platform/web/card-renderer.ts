import type { CardPageAssets, CardPageContent, CardPageRenderer } from '@cardcraft/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** the web app's server bundle, with the hashed files a card page links */
export interface CardPages {
  render(content: CardPageContent): string;
  assets: CardPageAssets;
}

interface ManifestEntry {
  file: string;
  imports?: string[];
}

// the card page's own build (apps/web/vite.card.config.ts): its script and its stylesheet
const CARD_MANIFEST = join('.vite', 'card-manifest.json');
const CARD_SCRIPT_ENTRY = 'src/ssr/card-enhance.ts';
const CARD_STYLE_ENTRY = 'src/ssr/card.css';

/**
 * the card's script, by the name vite's manifest gives its hashed file, and its stylesheet's text,
 * which the page inlines: on a phone's first visit that saves the round trip a linked file costs
 */
export function cardAssets(webDistDir: string): CardPageAssets {
  const manifest = JSON.parse(readFileSync(join(webDistDir, CARD_MANIFEST), 'utf8')) as Record<
    string,
    ManifestEntry
  >;
  const script = manifest[CARD_SCRIPT_ENTRY];
  const style = manifest[CARD_STYLE_ENTRY];
  if (!script || !style) {
    throw new Error(`the web build's ${CARD_MANIFEST} has no ${CARD_SCRIPT_ENTRY} or ${CARD_STYLE_ENTRY}`);
  }
  // the script is one file: anything it imported would be another round trip before it runs
  if (script.imports?.length) throw new Error(`${CARD_SCRIPT_ENTRY} must be built as one file`);
  const css = readFileSync(join(webDistDir, style.file), 'utf8');
  // the text goes into a <style> element as it is: nothing in it may end that element
  if (/<\/style/i.test(css))
    throw new Error(`${style.file} holds '</style', which would end the page's <style>`);
  return { style: css, script: `/${script.file}` };
}

// tsc compiles this package to CommonJS and would turn a plain import() into require(), which cannot
// load the ES module vite builds; a function made at run time keeps the real dynamic import
const importModule = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<unknown>;

function isRenderer(value: unknown): value is CardPageRenderer {
  return typeof (value as Partial<CardPageRenderer> | null)?.renderCardPage === 'function';
}

/** the server bundle's render function */
async function importRenderer(file: string): Promise<CardPageRenderer> {
  let loaded: unknown;
  try {
    loaded = await importModule(pathToFileURL(file).href);
  } catch (error) {
    // a module sandbox without dynamic import (jest's vm) still reaches node's own require, which loads
    // an ES module without top-level await; asked of node itself, as the sandbox replaces createRequire
    if ((error as NodeJS.ErrnoException).code !== 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG') throw error;
    const nodeModule = process.getBuiltinModule('node:module') as typeof import('node:module');
    loaded = nodeModule.createRequire(__filename)(file);
  }
  if (!isRenderer(loaded)) throw new Error(`${file} does not export renderCardPage`);
  return loaded;
}

/** loads the card's server renderer once at start-up */
export async function loadCardPages(webSsrDir: string, webDistDir: string): Promise<CardPages> {
  const renderer = await importRenderer(join(webSsrDir, 'render-card.js'));
  const assets = cardAssets(webDistDir);
  return {
    assets,
    render: (content) => renderer.renderCardPage({ ...content, assets }),
  };
}
