import { Inject, Injectable } from '@nestjs/common';
import { CONSENT_TEXT, type CreateLeadDto } from '@cardcraft/contracts';
import type { LeadRecord, PageResult, Storage } from '@cardcraft/storage';
import { ForbiddenError, NotFoundError } from '../common/errors';
import type { RequestMeta } from '../common/request-meta';
import { DomainEvents } from '../events/domain-events';
import { ProfilesService } from '../profiles/profiles.service';
import { STORAGE } from '../storage/storage.tokens';

export const MESSAGES_CLOSED = 'This profile is not accepting messages';
export const LEAD_NOT_FOUND = 'Message not found';

@Injectable()
export class LeadsService {
  constructor(
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly profiles: ProfilesService,
    private readonly events: DomainEvents,
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
    const profile = await this.storage.profiles.findById(profileId);
    if (!profile) throw new NotFoundError('Profile not found');
    if (!profile.published || !profile.privacy.allowMessages) throw new ForbiddenError(MESSAGES_CLOSED);
    const lead = await this.storage.leads.create({
      profileId: profile.id,
      email: input.email,
      message: input.message ?? null,
      consent: input.consent,
      consentText: CONSENT_TEXT,
      visitorUserId: viewerUserId,
    });
    await this.events.publish('lead.created', { lead, profile, viewerUserId, request });
    return lead;
  }

  async list(
    profileId: string,
    ownerId: string,
    page: number,
    pageSize: number,
  ): Promise<PageResult<LeadRecord>> {
    await this.profiles.getOwned(profileId, ownerId);
    return this.storage.leads.listByProfile(profileId, { offset: (page - 1) * pageSize, limit: pageSize });
  }

  /** every lead of the profile, newest first, read page by page */
  async *all(profileId: string, ownerId: string): AsyncGenerator<LeadRecord> {
    await this.profiles.getOwned(profileId, ownerId);
    const limit = 500;
    for (let offset = 0; ; offset += limit) {
      const { items } = await this.storage.leads.listByProfile(profileId, { offset, limit });
      yield* items;
      if (items.length < limit) return;
    }
  }

  async delete(profileId: string, leadId: string, ownerId: string): Promise<void> {
    await this.profiles.getOwned(profileId, ownerId);
    if (!(await this.storage.leads.delete(profileId, leadId))) throw new NotFoundError(LEAD_NOT_FOUND);
  }
}
