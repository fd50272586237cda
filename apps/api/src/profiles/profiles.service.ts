import { Inject, Injectable } from '@nestjs/common';
import {
  availableHandleMessage,
  copyHandleCandidates,
  isCardOwner,
  isReservedHandle,
  isTeamAdmin,
  TeamMessages,
  reservedHandleMessage,
  takenHandleMessage,
  type HandleAvailabilityResponse,
  type ProfileInputDto,
} from '@cardcraft/contracts';
import { DuplicateKeyError, type ProfileRecord, type ProfilesRepository } from '@cardcraft/storage';
import { randomUUID } from 'node:crypto';
import { BadInputError, ConflictError, ForbiddenError, NotFoundError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { DomainEvents } from '../platform/events/domain-events';
import { PROFILES } from '../platform/storage/storage.tokens';
import { CardAccess, PROFILE_NOT_FOUND } from './card-access';
import { imagesOf, profileDataOf, toProfileData } from './profile.mapper';
import { TemplateLocks } from './template-locks';

export const tooManyCardsMessage = (max: number) =>
  `You can have at most ${max} ${max === 1 ? 'card' : 'cards'}: delete one to create another`;

/** how many numbered handles a copy tries before it gives up */
const DUPLICATE_HANDLE_TRIES = 50;
export const NO_COPY_HANDLE = 'No free handle was found for the copy: rename the card and try again';

@Injectable()
export class ProfilesService {
  constructor(
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: CardAccess,
    private readonly templateLocks: TemplateLocks,
  ) {}

  list(ownerId: string): Promise<ProfileRecord[]> {
    return this.profiles.listByOwner(ownerId);
  }

  /**
   * the card if the user may manage it: its holder, or an owner or admin of its team. anyone else's
   * card answers exactly like a missing one. the one place that decides who reads a card's leads,
   * analytics and codes.
   */
  async getManaged(id: string, userId: string): Promise<ProfileRecord> {
    return (await this.access.managed(id, userId)).profile;
  }

  async create(ownerId: string, input: ProfileInputDto): Promise<ProfileRecord> {
    this.assertHandleAllowed(input.handle);
    // a cap on what one account can make the stores and the analytics hold; the owner's list of cards
    // is never paged, so it also stays short. two creations at the very same moment may both pass:
    // the card-creation rate limit keeps that overshoot small.
    await this.assertRoomForAnother(ownerId);
    const profile = await this.withHandleConflict(input.handle, () =>
      this.profiles.create(ownerId, toProfileData(input, null, new Date())),
    );
    await this.events.publish('profile.saved', { profile, previousHandle: null });
    if (profile.published) await this.events.publish('card.published', { profile });
    return profile;
  }

  /** the holder or a team admin; a team card's locked fields stay as its template has them */
  async update(id: string, userId: string, input: ProfileInputDto): Promise<ProfileRecord> {
    const previous = await this.getManaged(id, userId);
    if (input.handle !== previous.handle) this.assertHandleAllowed(input.handle);
    const data = toProfileData(input, previous, new Date());
    await this.templateLocks.assertUnchanged(previous, data);
    const profile = await this.withHandleConflict(input.handle, () =>
      this.profiles.update(id, previous.ownerId, data),
    );
    if (!profile) throw new NotFoundError(PROFILE_NOT_FOUND);
    await this.events.publish('profile.saved', {
      profile,
      previousHandle: previous.handle,
      previousImages: imagesOf(previous),
    });
    if (profile.published && !previous.published) await this.events.publish('card.published', { profile });
    return profile;
  }

  /**
   * a copy of one of the owner's cards: its content, theme, layout, links and blocks (with new block
   * ids), under the first free handle of ada-2, ada-3, ..., and unpublished, so it is edited before
   * anyone sees it. the same cap on cards as a creation.
   */
  async duplicate(id: string, ownerId: string): Promise<ProfileRecord> {
    const { profile: source, role } = await this.access.managed(id, ownerId);
    // a team card's copy is the team's, made by an admin: a member's copy would take the team's
    // content out of its reach
    if (source.teamId && !isTeamAdmin(role)) throw new ForbiddenError(TeamMessages.adminsOnly);
    const placement = source.teamId ? { teamId: source.teamId, templateId: source.templateId } : undefined;
    if (placement) await this.assertRoomInTeam(placement.teamId);
    else await this.assertRoomForAnother(ownerId);
    const content = profileDataOf(source);
    let tries = 0;
    for (const handle of copyHandleCandidates(source.handle)) {
      if (++tries > DUPLICATE_HANDLE_TRIES) break;
      if (isReservedHandle(handle) || (await this.profiles.findByHandle(handle))) continue;
      try {
        const profile = await this.profiles.create(
          ownerId,
          {
            ...content,
            handle,
            published: false,
            publishedAt: null,
            contact: { ...content.contact },
            media: { ...content.media },
            privacy: { ...content.privacy },
            socialLinks: content.socialLinks.map((link) => ({ ...link })),
            blocks: content.blocks.map((block) => ({ ...block, id: randomUUID() })),
          },
          placement,
        );
        await this.events.publish('profile.saved', { profile, previousHandle: null });
        return profile;
      } catch (error) {
        // taken between the look-up and the write: the next number
        if (!(error instanceof DuplicateKeyError && error.key === 'handle')) throw error;
      }
    }
    throw new ConflictError(NO_COPY_HANDLE);
  }

  /**
   * whether a handle can be used, asked while it is typed: reserved (the same rule as a save), taken by
   * another card, or available. the card being edited keeps its own handle. it answers no more than a
   * save would, and only to a signed-in owner.
   */
  async handleAvailability(
    handle: string,
    ownerId: string,
    profileId?: string,
  ): Promise<HandleAvailabilityResponse> {
    if (isReservedHandle(handle)) {
      return { handle, status: 'reserved', message: reservedHandleMessage(handle) };
    }
    const holder = await this.profiles.findByHandle(handle);
    if (holder && !(holder.id === profileId && isCardOwner(holder, ownerId))) {
      return { handle, status: 'taken', message: takenHandleMessage(handle) };
    }
    return { handle, status: 'available', message: availableHandleMessage(handle) };
  }

  /**
   * deletes the profile, its leads (storage) and whatever other modules keep for it (events). a team
   * card is the team's: only its owners and admins delete it
   */
  async delete(id: string, userId: string): Promise<void> {
    const { profile, role } = await this.access.managed(id, userId);
    if (profile.teamId && !isTeamAdmin(role)) throw new ForbiddenError(TeamMessages.teamCardsKept);
    await this.remove(profile);
  }

  /** the card goes with everything kept for it; the callers have checked who asks */
  async remove(profile: ProfileRecord): Promise<void> {
    if (!(await this.profiles.delete(profile.id, profile.ownerId)))
      throw new NotFoundError(PROFILE_NOT_FOUND);
    await this.events.publish('profile.deleted', {
      profileId: profile.id,
      handle: profile.handle,
      ownerId: profile.ownerId,
      images: imagesOf(profile),
    });
  }

  private async assertRoomInTeam(teamId: string): Promise<void> {
    if ((await this.profiles.listByTeam(teamId)).length >= this.config.maxCardsPerTeam) {
      throw new ConflictError(TeamMessages.tooManyTeamCards(this.config.maxCardsPerTeam));
    }
  }

  /** the cap counts personal cards: team cards are the team's */
  private async assertRoomForAnother(ownerId: string): Promise<void> {
    const owned = (await this.profiles.listByOwner(ownerId)).filter((card) => card.teamId === null);
    if (owned.length >= this.config.maxCardsPerAccount) {
      throw new ConflictError(tooManyCardsMessage(this.config.maxCardsPerAccount));
    }
  }

  assertHandleAllowed(handle: string): void {
    if (isReservedHandle(handle)) {
      const message = reservedHandleMessage(handle);
      throw new BadInputError(message, [{ field: 'handle', message }]);
    }
  }

  async withHandleConflict<T>(handle: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof DuplicateKeyError && error.key === 'handle') {
        const message = takenHandleMessage(handle);
        throw new ConflictError(message, [{ field: 'handle', message }]);
      }
      throw error;
    }
  }
}
