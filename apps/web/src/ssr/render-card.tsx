// the server's entry: built by `vite build --ssr` into apps/web/dist-ssr, loaded by the API at start-up
import { renderToString } from 'react-dom/server';
import type { CardPageInput } from '@cardcraft/contracts/card-page';
import { I18nextProvider } from 'react-i18next';
import { cardTranslator } from '@/i18n/card-translations';
import { CardDocument } from './card-document';

/** the public card's whole document in the visitor's language, every text escaped by React's renderer */
export function renderCardPage(input: CardPageInput): string {
  const page = (
    <I18nextProvider i18n={cardTranslator(input.language)}>
      <CardDocument input={input} />
    </I18nextProvider>
  );
  return `<!doctype html>${renderToString(page)}`;
}
