import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { normalizeHandle } from '@cardcraft/contracts';
import type { ProfileRecord, Storage } from '@cardcraft/storage';
import { NotFoundError } from '../platform/common/errors';
import { DomainEvents } from '../platform/events/domain-events';
import { STORAGE } from '../platform/storage/storage.tokens';
import { PublicProfileCache } from './public-profile-cache';

export const PUBLIC_PROFILE_NOT_FOUND = 'Profile not found';

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

  /** any profile by handle, published or not, from the cache */
  findByHandle(rawHandle: string): Promise<ProfileRecord | null> {
    const handle = normalizeHandle(rawHandle);
    return this.cache.get(handle, () => this.storage.profiles.findByHandle(handle));
  }

  /** the profile a public engagement event is about: published ones only */
  async findPublishedById(id: string): Promise<ProfileRecord> {
    const profile = await this.storage.profiles.findById(id);
    if (!profile || !profile.published) throw new NotFoundError(PUBLIC_PROFILE_NOT_FOUND);
    return profile;
  }
}
