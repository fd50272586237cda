import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { normalizeHandle } from '@cardcraft/contracts';
import type { ProfileRecord, ProfilesRepository } from '@cardcraft/storage';
import { NotFoundError } from '../platform/common/errors';
import { DomainEvents } from '../platform/events/domain-events';
import { PROFILES } from '../platform/storage/storage.tokens';
import { CardBrands } from './card-brands';
import { PublicProfileCache } from './public-profile-cache';

export const PUBLIC_PROFILE_NOT_FOUND = 'Profile not found';

@Injectable()
export class PublicProfilesService implements OnModuleInit {
  constructor(
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    private readonly cache: PublicProfileCache,
    private readonly events: DomainEvents,
    private readonly brands: CardBrands,
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
    return this.cache.get(handle, async () => {
      const profile = await this.profiles.findByHandle(handle);
      await this.brands.load(profile);
      return profile;
    });
  }

  /** the profile a public engagement event is about: published ones only */
  async findPublishedById(id: string): Promise<ProfileRecord> {
    const profile = await this.profiles.findById(id);
    if (!profile || !profile.published) throw new NotFoundError(PUBLIC_PROFILE_NOT_FOUND);
    return profile;
  }
}
