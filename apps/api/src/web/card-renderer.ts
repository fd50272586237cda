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
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

const CARD_SCRIPT_ENTRY = 'src/ssr/card-enhance.ts';
const APP_ENTRY = 'index.html';

/** the card's script and stylesheet, by the names vite's manifest gives their hashed files */
export function cardAssets(webDistDir: string): CardPageAssets {
  const manifest = JSON.parse(readFileSync(join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestEntry
  >;
  const script = manifest[CARD_SCRIPT_ENTRY];
  const app = manifest[APP_ENTRY];
  if (!script || !app)
    throw new Error(`the web build's manifest has no ${CARD_SCRIPT_ENTRY} or ${APP_ENTRY}`);
  return {
    // the app's one stylesheet: the card's classes are in it, and a visitor's browser keeps it for a year
    stylesheets: (app.css ?? []).map((file) => `/${file}`),
    script: `/${script.file}`,
    preload: (script.imports ?? [])
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => typeof file === 'string')
      .map((file) => `/${file}`),
  };
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
