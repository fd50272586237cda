import { Inject, Injectable } from '@nestjs/common';
import { mayViewCard } from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { AnalyticsTracker } from '../analytics/analytics-tracker';
import { CROSS_SITE_REFUSED } from '../auth/same-site';
import type { AuthenticatedSession } from '../auth/sessions.service';
import { ViewerResolver } from '../auth/viewer-resolver';
import { CardPreviewService } from '../card-preview/card-preview.service';
import { ForbiddenError, NotFoundError } from '../platform/common/errors';
import { assertWellFormedText } from '../platform/common/validation.pipe';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { RateLimiter } from '../platform/throttling/rate-limiter';
import { EncodedBody, type CardAnswer } from './card-answer';
import { CardJsonService } from './card-json.service';
import { CardPagesService, type CardPage, type DeadEnd } from './card-pages.service';
import { cardRequestLanguage, cardRequestMeta, viewContext, type CardRequest } from './card-request';
import { ContactFilesService } from './contact-files.service';
import { MessageFormsService, type PostedMessageForm } from './message-forms.service';
import { PUBLIC_PROFILE_NOT_FOUND, PublicProfilesService } from './public-profiles.service';
import { ViewContextQueries } from './view-context-query';

export const CARD_PAGES_NOT_BUILT =
  'The public card pages are not built: run `npm run build:web` (apps/web/dist-ssr) and restart.';

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
// a card's page depends on who is looking (the session cookie), speaks the browser's language and is
// compressed as the browser accepts
const PAGE_VARY = 'Cookie, Accept-Language, Accept-Encoding';
const REVALIDATED = 'private, no-cache';

const NOT_BUILT: CardAnswer = {
  status: 503,
  contentType: 'text/plain; charset=utf-8',
  cacheControl: 'no-store',
  body: new EncodedBody(CARD_PAGES_NOT_BUILT, true),
};
const PREVIEW_NOT_FOUND: CardAnswer = {
  status: 404,
  contentType: JSON_TYPE,
  cacheControl: 'no-store',
  body: new EncodedBody(JSON.stringify({ error: 'Not found' }), true),
};

function pageAnswer(page: CardPage, revalidate = true): CardAnswer {
  return {
    status: page.status,
    contentType: HTML,
    cacheControl: REVALIDATED,
    vary: PAGE_VARY,
    revalidate,
    body: page.body,
    contentSecurityPolicy: page.policy,
  };
}

function jsonAnswer(body: EncodedBody): CardAnswer {
  return { status: 200, contentType: JSON_TYPE, cacheControl: 'private, no-store', body };
}

/** a posted form: whether it comes from one of our own pages (the Origin or Referer says so) */
export type PostedFrom = { fromOwnPage: boolean };

/**
 * every request of a card's public addresses, in one order: the viewer resolved once (the same
 * resolver as every api route's guard), the card from the cache, the answer from next to it, the view
 * recorded by an explicit call, the answer handed back to be written (writtenAnswer). the page
 * (/u/{handle}, HEAD and 304 included), its contact file, its message form, its preview image and
 * the card's JSON read (/api/public/profiles/{handle}) all come here.
 */
@Injectable()
export class CardVisitPipeline {
  private readonly queries = new ViewContextQueries();

  constructor(
    private readonly viewers: ViewerResolver,
    private readonly profiles: PublicProfilesService,
    private readonly pages: CardPagesService,
    private readonly contactFiles: ContactFilesService,
    private readonly messageForms: MessageFormsService,
    private readonly json: CardJsonService,
    private readonly previews: CardPreviewService,
    private readonly tracker: AnalyticsTracker,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /u/{handle}: the card's page for this viewer; a visit of a card that may be seen is recorded */
  async page(request: CardRequest): Promise<CardAnswer> {
    if (!this.pages.available) return NOT_BUILT;
    const viewerUserId = (await this.viewerOf(request))?.userId ?? null;
    const card = await this.visible(request.handle, viewerUserId);
    const language = cardRequestLanguage(request);
    if (typeof card === 'string') return pageAnswer(this.pages.deadEnd(card, language));
    const answer = pageAnswer(this.pages.page(card, viewerUserId, language));
    this.tracker.recordView(card, viewerUserId, cardRequestMeta(request), viewContext(request.search));
    return answer;
  }

  /**
   * page()'s answer when it can be given without waiting: a guest (no credentials, as the viewer
   * resolver reads them) whose page is kept; its view recorded as page() records it. null otherwise,
   * having done nothing: the caller then takes page().
   */
  pageNow(request: CardRequest): CardAnswer | null {
    if (this.viewers.carriesCredentials(request.headers)) return null;
    const kept = this.pages.keptGuestPage(request.handle, cardRequestLanguage(request));
    if (!kept) return null;
    const answer = pageAnswer(kept.page);
    this.tracker.recordView(kept.card, null, cardRequestMeta(request), viewContext(request.search));
    return answer;
  }

  /** GET /u/{handle}/contact.vcf: the card as a contact file, where the page may be seen */
  async contactFile(request: CardRequest): Promise<CardAnswer> {
    if (!this.pages.available) return NOT_BUILT;
    const viewerUserId = (await this.viewerOf(request))?.userId ?? null;
    const card = await this.visible(request.handle, viewerUserId);
    // no contact file of a card that cannot be seen: the not-found page
    if (typeof card === 'string') {
      return pageAnswer(this.pages.deadEnd('not-found', cardRequestLanguage(request)));
    }
    const file = await this.contactFiles.file(card, viewerUserId);
    await this.contactFiles.saved(card, viewerUserId, cardRequestMeta(request).userAgent);
    return {
      status: 200,
      contentType: 'text/vcard; charset=utf-8',
      cacheControl: REVALIDATED,
      extraHeaders: { 'content-disposition': `attachment; filename="${file.fileName}"` },
      body: new EncodedBody(file.body, false),
    };
  }

  /**
   * POST /u/{handle}/message: the message form sent without script. a signed-in visitor's form must
   * come from our own page; the messages limit is spent; the page answers with the form's outcome.
   */
  async message(request: CardRequest & PostedFrom, form: PostedMessageForm): Promise<CardAnswer> {
    const session = await this.viewerOf(request);
    if (session?.via === 'cookie' && !request.fromOwnPage) throw new ForbiddenError(CROSS_SITE_REFUSED);
    const viewerUserId = session?.userId ?? null;
    await this.limiter.spend(['messages'], { ip: request.ip, userId: viewerUserId });
    assertWellFormedText(form, '', 'body');
    if (!this.pages.available) return NOT_BUILT;
    const card = await this.visible(request.handle, viewerUserId);
    const language = cardRequestLanguage(request);
    if (typeof card === 'string') return pageAnswer(this.pages.deadEnd(card, language), false);
    const { outcome, status } = await this.messageForms.send(
      card,
      form,
      viewerUserId,
      cardRequestMeta(request),
    );
    return pageAnswer(this.pages.withOutcome(card, viewerUserId, outcome, status, language), false);
  }

  /**
   * GET /u/{handle}/preview.png?v={version}: the image link previews show. the current version's
   * address is cached for a year; any other is answered with the current image and cached briefly.
   */
  async preview(request: CardRequest, version: unknown): Promise<CardAnswer> {
    const viewerUserId = (await this.viewerOf(request))?.userId ?? null;
    const card = await this.visible(request.handle, viewerUserId);
    if (typeof card === 'string') return PREVIEW_NOT_FOUND;
    const png = await this.previews.png(card);
    return {
      status: 200,
      contentType: 'image/png',
      cacheControl: !card.published
        ? // a draft is its owner's alone
          'private, no-store'
        : version === this.previews.version(card)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300',
      body: new EncodedBody(png, false),
      // a png is compressed already
      incompressible: true,
    };
  }

  /**
   * GET /api/public/profiles/{handle}: the card as JSON for API clients, which pass the page's
   * referrer, UTM parameters and channel as query parameters. a client that renders the card makes
   * this read, so it counts as a view.
   */
  async cardJson(request: CardRequest, query: unknown): Promise<CardAnswer> {
    const context = await this.queries.check(request.search, query);
    const viewerUserId = (await this.viewerOf(request))?.userId ?? null;
    const card = await this.visible(request.handle, viewerUserId);
    if (typeof card === 'string') throw new NotFoundError(PUBLIC_PROFILE_NOT_FOUND);
    const body = this.json.body(card, viewerUserId);
    this.tracker.recordView(card, viewerUserId, cardRequestMeta(request), context);
    return jsonAnswer(body);
  }

  /**
   * cardJson()'s answer when it can be given without waiting: a guest whose card's JSON is kept and
   * whose query was checked before and accepted; its view recorded as cardJson() records it. null
   * otherwise, having done nothing: the caller then takes cardJson().
   */
  cardJsonNow(request: CardRequest): CardAnswer | null {
    if (this.viewers.carriesCredentials(request.headers)) return null;
    const context = this.queries.known(request.search);
    if (!context) return null;
    const kept = this.json.keptGuestBody(request.handle);
    if (!kept) return null;
    this.tracker.recordView(kept.card, null, cardRequestMeta(request), context);
    return jsonAnswer(kept.body);
  }

  private viewerOf(request: CardRequest): Promise<AuthenticatedSession | null> {
    return this.viewers.resolve(request.headers);
  }

  /** the card of the handle if this viewer may see it, else which dead end it is */
  private async visible(handle: string, viewerUserId: string | null): Promise<ProfileRecord | DeadEnd> {
    const card = await this.profiles.findByHandle(handle);
    if (!card) return 'not-found';
    return mayViewCard(card, viewerUserId) ? card : 'not-available';
  }
}
