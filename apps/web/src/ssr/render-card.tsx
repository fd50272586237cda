// the server's entry: built by `vite build --ssr` into apps/web/dist-ssr, loaded by the API at start-up
import { renderToString } from 'react-dom/server';
import type { CardPageInput } from '@cardcraft/contracts/card-page';
import { CardDocument } from './card-document';

/** the public card's whole document, every text escaped by React's renderer */
export function renderCardPage(input: CardPageInput): string {
  return `<!doctype html>${renderToString(<CardDocument input={input} />)}`;
}
