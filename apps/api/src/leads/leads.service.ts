import { Inject, Injectable } from '@nestjs/common';
import {
  answerProblems,
  answersToStore,
  CARD_EXCHANGE_TEXT,
  CONSENT_TEXT,
  LeadWorkMessages,
  MESSAGE_FIELDS,
  messageFieldProblems,
  type CreateLeadDto,
  type LeadFiltersDto,
  type LeadResponse,
  type Page,
  type UpdateLeadDto,
} from '@cardcraft/contracts';
import type { LeadRecord, LeadsRepository, ProfileRecord, ProfilesRepository } from '@cardcraft/storage';
import { BadInputError, ForbiddenError, NotFoundError } from '../platform/common/errors';
import type { RequestMeta } from '../platform/common/request-meta';
import { DomainEvents } from '../platform/events/domain-events';
import { ProfilesService } from '../profiles/profiles.service';
import { LEADS, PROFILES } from '../platform/storage/storage.tokens';
import { CardExchangeGate } from './card-exchange-gate';
import { LeadFollowUps } from './lead-follow-ups';
import { LeadInbox, leadFilter } from './lead-inbox';
import { toLeadResponse } from './lead.mapper';

export const MESSAGES_CLOSED = 'This profile is not accepting messages';
export const LEAD_NOT_FOUND = 'Message not found';

/** no filter: every lead of the card */
const NO_FILTER: Omit<LeadFiltersDto, 'page' | 'pageSize' | 'sort'> = {
  status: null,
  tag: null,
  from: null,
  to: null,
  q: null,
};

@Injectable()
export class LeadsService {
  constructor(
    @Inject(LEADS) private readonly leads: LeadsRepository,
    @Inject(PROFILES) private readonly storedProfiles: ProfilesRepository,
    private readonly profiles: ProfilesService,
    private readonly events: DomainEvents,
    private readonly followUps: LeadFollowUps,
    private readonly inbox: LeadInbox,
    private readonly exchange: CardExchangeGate,
  ) {}

  /**
   * anyone may leave a message on a published profile that allows them. the visitor's user id is
   * taken from the verified session, never from the body, so nobody can sign a message as someone else.
   */
  async create(
    profileId: string,
    input: CreateLeadDto,
    viewerUserId: string | null,
    request: RequestMeta,
  ): Promise<LeadRecord> {
    const profile = await this.storedProfiles.findById(profileId);
    if (!profile) throw new NotFoundError('Profile not found');
    if (!profile.published || !profile.privacy.allowMessages) throw new ForbiddenError(MESSAGES_CLOSED);
    // the extra fields the card asks for: required ones filled in, the ones it does not ask for dropped;
    // its questions answered by their rules, answers to questions it does not ask (any more) dropped
    const settings = profile.privacy.messageFields;
    const { questions, cardExchange } = profile.privacy;
    const problems = [...messageFieldProblems(settings, input), ...answerProblems(questions, input.answers)];
    if (problems.length > 0) throw new BadInputError(problems[0].message, problems);
    // "Send me your card", when the card offers it: the client's limit before anything is stored
    const wantsCard = input.sendCard === true && cardExchange.enabled;
    if (wantsCard) await this.exchange.spend(viewerUserId, request);
    const now = new Date();
    const cardSent = wantsCard && (await this.exchange.claim(profile.id, input.email, now));
    const extra = Object.fromEntries(
      MESSAGE_FIELDS.map((field) => [field, settings[field] === 'off' ? null : (input[field] ?? null)]),
    ) as Record<(typeof MESSAGE_FIELDS)[number], string | null>;
    const lead = await this.leads.create({
      profileId: profile.id,
      email: input.email,
      message: input.message ?? null,
      ...extra,
      consent: input.consent,
      consentText: CONSENT_TEXT,
      visitorUserId: viewerUserId,
      answers: answersToStore(questions, input.answers),
      cardExchange: wantsCard ? { consentText: CARD_EXCHANGE_TEXT, consentedAt: now, cardSent } : null,
      // what this visitor did on the card today is read by this key later (the follow-up signals)
      visitorKey: await this.followUps.visitorKey(profile, request, now),
    });
    await this.events.publish('lead.created', { lead, profile, viewerUserId, request });
    return lead;
  }

  /** a page of the card's leads, filtered and ordered as asked */
  async list(profileId: string, userId: string, query: LeadFiltersDto): Promise<Page<LeadResponse>> {
    await this.profiles.getManaged(profileId, userId);
    return this.inbox.page(leadFilter([profileId], query), query, toLeadResponse);
  }

  /** every lead of the profile the filters match (all of them without), newest first, read page by page */
  async *all(
    profileId: string,
    ownerId: string,
    filters: Omit<LeadFiltersDto, 'page' | 'pageSize' | 'sort'> = NO_FILTER,
  ): AsyncGenerator<LeadRecord> {
    await this.profiles.getManaged(profileId, ownerId);
    yield* this.inbox.all(leadFilter([profileId], { ...filters, page: 1, pageSize: 1, sort: 'newest' }));
  }

  /** one lead of an owner's profile, with the profile it was left on */
  async one(
    profileId: string,
    leadId: string,
    ownerId: string,
  ): Promise<{ lead: LeadRecord; profile: ProfileRecord }> {
    const profile = await this.profiles.getManaged(profileId, ownerId);
    const lead = await this.leads.findOne(profileId, leadId);
    if (!lead) throw new NotFoundError(LEAD_NOT_FOUND);
    return { lead, profile };
  }

  /** the holder's or a team admin's change to a lead's status, tags or note */
  async update(
    profileId: string,
    leadId: string,
    userId: string,
    input: UpdateLeadDto,
  ): Promise<LeadResponse> {
    if (input.status === undefined && input.tags === undefined && input.note === undefined) {
      throw new BadInputError(LeadWorkMessages.nothingToChange);
    }
    const { lead, profile } = await this.one(profileId, leadId, userId);
    const updated = await this.inbox.change(profile, lead, input);
    if (!updated) throw new NotFoundError(LEAD_NOT_FOUND);
    return this.inbox.response(updated);
  }

  async delete(profileId: string, leadId: string, ownerId: string): Promise<void> {
    await this.profiles.getManaged(profileId, ownerId);
    if (!(await this.leads.delete(profileId, leadId))) throw new NotFoundError(LEAD_NOT_FOUND);
  }
}
