import { Injectable } from '@nestjs/common';
import { viewerTypeOf } from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { toPublicProfileResponse } from '../profiles/profile.mapper';
import { EncodedBody } from './card-answer';
import { PublicProfileCache } from './public-profile-cache';

/**
 * the card as JSON for API clients: made once per card and kind of viewer and kept next to the
 * cached profile, as its page is, so a change drops both
 */
@Injectable()
export class CardJsonService {
  constructor(private readonly cache: PublicProfileCache) {}

  body(profile: ProfileRecord, viewerUserId: string | null): EncodedBody {
    const viewer = viewerTypeOf(profile, viewerUserId);
    return this.cache.derived(
      profile.handle,
      profile,
      `json:${viewer}`,
      () => new EncodedBody(JSON.stringify(toPublicProfileResponse(profile, viewerUserId)), true),
    );
  }
}
