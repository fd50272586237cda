import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { normalizeHandle, type ViewContextQueryDto } from '@cardcraft/contracts';
import type { ProfileRecord, Storage } from '@cardcraft/storage';
import { ForbiddenError, NotFoundError } from '../common/errors';
import type { RequestMeta } from '../common/request-meta';
import { DomainEvents } from '../events/domain-events';
import { STORAGE } from '../storage/storage.module';
import { PublicProfileCache } from './public-profile-cache';

export const PUBLIC_PROFILE_NOT_FOUND = 'Profile not found';
/** a draft asked for by anyone but its owner: the page says it is private (spec §2 'Profile not available') */
export const PUBLIC_PROFILE_PRIVATE = 'Profile not available';

@Injectable()
export class PublicProfilesService implements OnModuleInit {
  constructor(
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly cache: PublicProfileCache,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.events.on('profile.saved', ({ profile, previousHandle }) => {
      this.cache.invalidate(profile.handle);
      if (previousHandle && previousHandle !== profile.handle) this.cache.invalidate(previousHandle);
    });
    this.events.on('profile.deleted', ({ handle }) => this.cache.invalidate(handle));
  }

  /**
   * a published profile for anyone, a draft for its owner only. a draft asked for by anyone else is a 403
   * without any of its data, so the page can say it is private rather than missing (spec §2); an unknown
   * handle is a 404
   */
  async read(
    rawHandle: string,
    viewerUserId: string | null,
    request: RequestMeta,
    context: ViewContextQueryDto,
  ): Promise<ProfileRecord> {
    const handle = normalizeHandle(rawHandle);
    const profile = await this.cache.get(handle, () => this.storage.profiles.findByHandle(handle));
    const isOwner = profile !== null && viewerUserId === profile.ownerId;
    if (!profile) throw new NotFoundError(PUBLIC_PROFILE_NOT_FOUND);
    if (!profile.published && !isOwner) throw new ForbiddenError(PUBLIC_PROFILE_PRIVATE);
    await this.events.publish('public-profile.read', { profile, viewerUserId, request, context });
    return profile;
  }

  /** a published profile by handle, from the cache, without counting a view: for link previews */
  async findPublishedByHandle(rawHandle: string): Promise<ProfileRecord | null> {
    const handle = normalizeHandle(rawHandle);
    const profile = await this.cache.get(handle, () => this.storage.profiles.findByHandle(handle));
    return profile?.published ? profile : null;
  }

  /** the profile a public engagement event is about: published ones only */
  async findPublishedById(id: string): Promise<ProfileRecord> {
    const profile = await this.storage.profiles.findById(id);
    if (!profile || !profile.published) throw new NotFoundError(PUBLIC_PROFILE_NOT_FOUND);
    return profile;
  }
}
