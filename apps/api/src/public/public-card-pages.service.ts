import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  buildVCard,
  cardPaths,
  normalizeHandle,
  CreateLeadDto,
  toFieldErrors,
  vCardFileName,
  type CardPageContent,
  type CardPageMessageOutcome,
  type CardPageMessageValues,
  type MessageField,
  mayViewCard,
  viewerTypeOf,
  type ViewContextQueryDto,
} from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { AnalyticsTracker } from '../analytics/analytics-tracker';
import { DomainError } from '../common/errors';
import type { RequestMeta } from '../common/request-meta';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LeadsService } from '../leads/leads.service';
import { MediaService } from '../media/media.service';
import { toPublicProfileResponse } from '../profiles/profile.mapper';
import { loadCardPages, type CardPages } from '../web/card-renderer';
import { CARD_PAGES } from './public.tokens';
import { PublicProfileCache } from './public-profile-cache';
import { PublicProfilesService } from './public-profiles.service';

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

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** a rendered page with its validator; compressed forms are made once, when first asked for */
export class RenderedPage {
  readonly etag: string;
  private readonly encoded = new Map<ContentEncoding, Buffer>();

  constructor(
    readonly status: number,
    readonly html: string,
  ) {
    const body = Buffer.from(html, 'utf8');
    this.encoded.set('identity', body);
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  }

  body(encoding: ContentEncoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      const plain = this.encoded.get('identity') as Buffer;
      body =
        encoding === 'br'
          ? brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(plain, { level: 9 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** the message form as a browser posts it without script (application/x-www-form-urlencoded) */
export interface PostedMessageForm {
  email?: unknown;
  message?: unknown;
  consent?: unknown;
  name?: unknown;
  phone?: unknown;
  company?: unknown;
}

const MESSAGE_FIELDS: readonly MessageField[] = ['email', 'message', 'consent', 'name', 'phone', 'company'];

function text(value: unknown): string {
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === 'string' ? first : '';
}

/**
 * the public card's page: rendered on the server from the web app's components, kept per card and
 * kind of viewer next to the cached profile (so every change, here or on another replica, drops it),
 * and the visit recorded as the page is served.
 */
@Injectable()
export class PublicCardPagesService {
  private notFoundPage: RenderedPage | null = null;
  private notAvailablePage: RenderedPage | null = null;

  constructor(
    @Inject(CARD_PAGES) private readonly pages: CardPages | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly publicProfiles: PublicProfilesService,
    private readonly cache: PublicProfileCache,
    private readonly tracker: AnalyticsTracker,
    private readonly leads: LeadsService,
    private readonly media: MediaService,
  ) {}

  /** false when the web app's server build is missing: the page route then says so */
  get available(): boolean {
    return this.pages !== null;
  }

  /**
   * the card's page for this viewer, and the visit recorded (the tracker leaves out bots, HEAD and
   * the owner). a draft is shown to its owner only; an unknown handle is the not-found page (404).
   */
  async page(
    rawHandle: string,
    viewerUserId: string | null,
    request: RequestMeta,
    context: ViewContextQueryDto,
  ): Promise<RenderedPage> {
    const profile = await this.publicProfiles.findByHandle(rawHandle);
    if (!profile) return this.deadEnd('not-found');
    if (!mayViewCard(profile, viewerUserId)) return this.deadEnd('not-available');
    const viewer = viewerTypeOf(profile, viewerUserId);
    const page = this.cache.derived(profile.handle, profile, `page:${viewer}`, () =>
      this.render({
        state: 'card',
        baseUrl: this.config.publicBaseUrl,
        profile: toPublicProfileResponse(profile, viewerUserId),
        viewer,
      }),
    );
    this.tracker.recordView(profile, viewerUserId, request, context);
    return page;
  }

  /**
   * a guest's page of this handle if it is already rendered and cached, else null: synchronous, so the
   * server can answer the hot case before its request pipeline. nothing is recorded here: the caller
   * records the view (recordGuestView) once its answer is ready, so a failure never counts it twice.
   */
  cachedGuestPage(rawHandle: string): { profile: ProfileRecord; page: RenderedPage } | null {
    if (!this.pages) return null;
    const hit = this.cache.peekDerived<RenderedPage>(normalizeHandle(rawHandle), 'page:guest');
    // only a published card has a guest page; checked again so a draft can never slip through
    if (!hit || !hit.profile.published) return null;
    return { profile: hit.profile, page: hit.value };
  }

  /** a guest's visit of a page cachedGuestPage() gave, recorded as page() records it */
  recordGuestView(profile: ProfileRecord, request: RequestMeta, context: ViewContextQueryDto): void {
    this.tracker.recordView(profile, null, request, context);
  }

  /** the card's contact file, made by the same module as the web app's; null where the page is not shown */
  async contactFile(
    rawHandle: string,
    viewerUserId: string | null,
  ): Promise<{ fileName: string; body: string } | null> {
    const profile = await this.publicProfiles.findByHandle(rawHandle);
    if (!profile || !mayViewCard(profile, viewerUserId)) return null;
    const card = toPublicProfileResponse(profile, viewerUserId);
    const profileUrl = `${this.config.publicBaseUrl}${cardPaths(profile.handle).page}`;
    // an uploaded avatar goes in as a photo; a pasted address stays an address
    const photoJpegBase64 = (await this.media.vcardPhoto(card.media.avatarUrl)) ?? undefined;
    return {
      fileName: vCardFileName(profile.handle),
      body: buildVCard(card, { profileUrl, photoJpegBase64 }),
    };
  }

  /**
   * the message form posted without script: the card again, its form saying it was sent or what is
   * wrong, in the same words as with script. never cached: it carries the visitor's own text.
   */
  async postMessage(
    rawHandle: string,
    viewerUserId: string | null,
    form: PostedMessageForm,
    request: RequestMeta,
  ): Promise<RenderedPage> {
    const profile = await this.publicProfiles.findByHandle(rawHandle);
    if (!profile) return this.deadEnd('not-found');
    if (!mayViewCard(profile, viewerUserId)) return this.deadEnd('not-available');
    const viewer = viewerTypeOf(profile, viewerUserId);
    const values = {
      email: text(form.email),
      message: text(form.message),
      name: text(form.name),
      phone: text(form.phone),
      company: text(form.company),
      // a checkbox is sent only when ticked
      consent: form.consent !== undefined && text(form.consent) !== '',
    };
    const outcome = await this.sendMessage(profile, values, viewerUserId, request);
    const status = outcome.status === 'sent' ? 200 : outcome.errors ? 400 : 403;
    return this.render(
      {
        state: 'card',
        baseUrl: this.config.publicBaseUrl,
        profile: toPublicProfileResponse(profile, viewerUserId),
        viewer,
        outcome,
      },
      status,
    );
  }

  private async sendMessage(
    profile: ProfileRecord,
    values: CardPageMessageValues,
    viewerUserId: string | null,
    request: RequestMeta,
  ): Promise<CardPageMessageOutcome> {
    // the same rules and messages as the JSON endpoint: the contract's DTO
    const dto = plainToInstance(CreateLeadDto, {
      email: values.email,
      message: values.message,
      name: values.name,
      phone: values.phone,
      company: values.company,
      consent: values.consent,
    });
    const invalid = toFieldErrors(await validate(dto, { whitelist: true }));
    if (invalid.length > 0) {
      const errors: CardPageMessageOutcome['errors'] = {};
      for (const { field, message } of invalid) {
        if ((MESSAGE_FIELDS as string[]).includes(field)) errors[field as MessageField] ??= message;
      }
      return { status: 'failed', values, errors };
    }
    try {
      await this.leads.create(profile.id, dto, viewerUserId, request);
      return { status: 'sent' };
    } catch (error) {
      // a required extra field left empty: said under the field, as with script
      if (error instanceof DomainError && error.status === 400 && error.errors?.length) {
        const errors: CardPageMessageOutcome['errors'] = {};
        for (const { field, message } of error.errors) {
          if ((MESSAGE_FIELDS as string[]).includes(field)) errors[field as MessageField] ??= message;
        }
        return { status: 'failed', values, errors };
      }
      // closed to messages, or the card went away meanwhile: the form says it could not send
      if (error instanceof DomainError && error.status < 500) return { status: 'failed', values };
      throw error;
    }
  }

  /** the page of a handle nobody may see here: HTTP 404 with the not-found text */
  notFound(): RenderedPage {
    return this.deadEnd('not-found');
  }

  private deadEnd(state: 'not-found' | 'not-available'): RenderedPage {
    if (state === 'not-found')
      return (this.notFoundPage ??= this.render({ state, baseUrl: this.config.publicBaseUrl }, 404));
    return (this.notAvailablePage ??= this.render({ state, baseUrl: this.config.publicBaseUrl }, 404));
  }

  private render(content: CardPageContent, status = 200): RenderedPage {
    if (!this.pages) throw new Error('the card pages are not built');
    return new RenderedPage(status, this.pages.render(content));
  }
}
