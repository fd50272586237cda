import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  normalizeHandle,
  viewerTypeOf,
  type CardPageContent,
  type CardPageMessageOutcome,
  type Language,
  type ViewerType,
} from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { toPublicProfileResponse } from '../profiles/profile.mapper';
import { cardPagePolicy } from '../platform/security/content-security-policy';
import { loadCardPages, type CardPages } from '../platform/web/card-renderer';
import { EncodedBody } from './card-answer';
import { CARD_PAGES } from './public.tokens';
import { CardBrands } from './card-brands';
import { PublicProfileCache } from './public-profile-cache';

/** the card's server renderer, loaded at start-up; null when the web app's server build is missing */
export async function cardPagesProvider(config: AppConfig): Promise<CardPages | null> {
  if (!config.webSsrDir || !config.webDistDir) {
    if (config.webDistDir) {
      new Logger('Web').warn(
        'apps/web/dist-ssr not found: /u/{handle} answers 503 (run npm run build:web to build the card pages)',
      );
    }
    return null;
  }
  return loadCardPages(config.webSsrDir, config.webDistDir);
}

/** a page's html, its status and its content security policy (its styles named by hash) */
export interface CardPage {
  status: number;
  body: EncodedBody;
  policy: string;
}

export type DeadEnd = 'not-found' | 'not-available';

const pageKey = (viewer: ViewerType, language: Language) => `page:${viewer}:${language}`;

/**
 * the card's html, rendered on the server from the web app's components. a card's page is kept per
 * kind of viewer and language next to its cached profile, so every change (here or on another
 * replica) drops them all.
 */
@Injectable()
export class CardPagesService {
  private readonly deadEnds = new Map<`${DeadEnd}:${Language}`, CardPage>();

  constructor(
    @Inject(CARD_PAGES) private readonly pages: CardPages | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: PublicProfileCache,
    private readonly brands: CardBrands,
  ) {}

  /** false when the web app's server build is missing: the card's routes then say so */
  get available(): boolean {
    return this.pages !== null;
  }

  /** the page of a card this viewer may see, in this language */
  page(profile: ProfileRecord, viewerUserId: string | null, language: Language): CardPage {
    const viewer = viewerTypeOf(profile, viewerUserId);
    return this.cache.derived(profile.handle, profile, pageKey(viewer, language), () =>
      this.render(this.cardContent(profile, viewerUserId, language), 200, true),
    );
  }

  /**
   * a guest's page of this handle if it is rendered and kept, with its card, without loading or
   * rendering anything; null on a miss. only a published card has a guest's page.
   */
  keptGuestPage(rawHandle: string, language: Language): { card: ProfileRecord; page: CardPage } | null {
    if (!this.pages) return null;
    const hit = this.cache.peekDerived<CardPage>(normalizeHandle(rawHandle), pageKey('guest', language));
    if (!hit || !hit.profile.published) return null;
    return { card: hit.profile, page: hit.value };
  }

  /** the card with its message form saying what became of a message sent without script: never kept */
  withOutcome(
    profile: ProfileRecord,
    viewerUserId: string | null,
    outcome: CardPageMessageOutcome,
    status: number,
    language: Language,
  ): CardPage {
    return this.render({ ...this.cardContent(profile, viewerUserId, language), outcome }, status, false);
  }

  /** the page of a handle nobody may see here, 404: not found, or a draft that is not the viewer's */
  deadEnd(state: DeadEnd, language: Language): CardPage {
    let page = this.deadEnds.get(`${state}:${language}`);
    if (!page) {
      page = this.render({ state, baseUrl: this.config.publicBaseUrl, language }, 404, true);
      this.deadEnds.set(`${state}:${language}`, page);
    }
    return page;
  }

  private cardContent(
    profile: ProfileRecord,
    viewerUserId: string | null,
    language: Language,
  ): Extract<CardPageContent, { state: 'card' }> {
    return {
      state: 'card',
      baseUrl: this.config.publicBaseUrl,
      language,
      profile: toPublicProfileResponse(profile, viewerUserId, this.brands.of(profile)),
      viewer: viewerTypeOf(profile, viewerUserId),
    };
  }

  private render(content: CardPageContent, status: number, kept: boolean): CardPage {
    if (!this.pages) throw new Error('the card pages are not built');
    const html = this.pages.render(content);
    return { status, body: new EncodedBody(html, kept), policy: cardPagePolicy(html) };
  }
}
