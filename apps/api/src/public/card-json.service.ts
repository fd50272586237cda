import { Injectable } from '@nestjs/common';
import { normalizeHandle, viewerTypeOf } from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { toPublicProfileResponse } from '../profiles/profile.mapper';
import { EncodedBody } from './card-answer';
import { CardBrands } from './card-brands';
import { PublicProfileCache } from './public-profile-cache';

const jsonKey = (viewer: ReturnType<typeof viewerTypeOf>) => `json:${viewer}`;

/**
 * the card as JSON for API clients: made once per card and kind of viewer and kept next to the
 * cached profile, as its page is, so a change drops both
 */
@Injectable()
export class CardJsonService {
  constructor(
    private readonly cache: PublicProfileCache,
    private readonly brands: CardBrands,
  ) {}

  body(profile: ProfileRecord, viewerUserId: string | null): EncodedBody {
    return this.cache.derived(
      profile.handle,
      profile,
      jsonKey(viewerTypeOf(profile, viewerUserId)),
      () =>
        new EncodedBody(
          JSON.stringify(toPublicProfileResponse(profile, viewerUserId, this.brands.of(profile))),
          true,
        ),
    );
  }

  /** a guest's JSON of a published card, when it is kept: null otherwise, having done nothing */
  keptGuestBody(rawHandle: string): { card: ProfileRecord; body: EncodedBody } | null {
    const hit = this.cache.peekDerived<EncodedBody>(normalizeHandle(rawHandle), jsonKey('guest'));
    if (!hit || !hit.profile.published) return null;
    return { card: hit.profile, body: hit.value };
  }
}
