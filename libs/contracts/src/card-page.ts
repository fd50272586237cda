import { DEFAULT_LANGUAGE, type Language } from './languages';
import type { PublicProfileResponse, ViewerType } from './responses';

/** what the server-rendered public card can show: the card, or one of its dead ends */
export type CardPageState = 'card' | 'not-found' | 'not-available';

/** the form's own fields, and a question's answer as `answers.{questionId}` */
export type MessageField =
  'email' | 'message' | 'consent' | 'name' | 'phone' | 'company' | 'sendCard' | `answers.${string}`;

/** what the visitor typed, sent back into the form when it could not be sent */
export interface CardPageMessageValues {
  email: string;
  message: string;
  consent: boolean;
  name?: string;
  phone?: string;
  company?: string;
  /** the answers as posted, by question id */
  answers?: Record<string, string | string[]>;
  /** "Send me your card" was ticked */
  sendCard?: boolean;
}

/** the server's answer to the message form posted without script, shown in the form */
export interface CardPageMessageOutcome {
  status: 'sent' | 'failed';
  values?: CardPageMessageValues;
  errors?: Partial<Record<MessageField, string>>;
  /** when "Send me your card" was ticked: whether the card is on its way */
  cardSent?: boolean;
}

/** what a server-rendered card brings besides its markup: its stylesheet and its small script */
export interface CardPageAssets {
  /** the card's own stylesheet, inlined in the head: no render-blocking request before the first paint */
  style: string;
  /** the address of the enhancement script, one hashed file */
  script: string | null;
}

/** what a card page shows: the card for a kind of viewer, or a dead end, in the visitor's language */
export type CardPageContent =
  | {
      state: 'card';
      /** the site's public address, no trailing slash */
      baseUrl: string;
      language: Language;
      profile: PublicProfileResponse;
      viewer: ViewerType;
      /** set when this page answers a posted message form */
      outcome?: CardPageMessageOutcome;
    }
  | { state: 'not-found' | 'not-available'; baseUrl: string; language: Language };

export type CardPageInput = CardPageContent & { assets: CardPageAssets };

/** the server bundle of the web app (apps/web/src/ssr/render-card.tsx): the whole document, doctype first */
export interface CardPageRenderer {
  renderCardPage(input: CardPageInput): string;
}

/** the address parameter that chooses a card page's language over the browser's */
export const LANGUAGE_PARAMETER = 'lang';

/**
 * the card's public address, its contact file and where its message form posts: a page in another
 * language than English posts with that language, so the page that answers speaks it too
 */
export function cardPaths(
  handle: string,
  language: Language = DEFAULT_LANGUAGE,
): { page: string; contactFile: string; message: string } {
  const page = `/u/${encodeURIComponent(handle)}`;
  const chosen = language === DEFAULT_LANGUAGE ? '' : `?${LANGUAGE_PARAMETER}=${language}`;
  return { page, contactFile: `${page}/contact.vcf`, message: `${page}/message${chosen}` };
}
