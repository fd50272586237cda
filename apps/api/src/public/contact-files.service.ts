import { Inject, Injectable } from '@nestjs/common';
import { buildVCard, cardPaths, vCardFileName } from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { MediaService } from '../media/media.service';
import { toPublicProfileResponse } from '../profiles/profile.mapper';

export interface ContactFile {
  fileName: string;
  body: string;
}

/** the card's contact file (vCard), made by the same module as the web app's demo makes it */
@Injectable()
export class ContactFilesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly media: MediaService,
  ) {}

  async file(profile: ProfileRecord, viewerUserId: string | null): Promise<ContactFile> {
    const card = toPublicProfileResponse(profile, viewerUserId);
    const profileUrl = `${this.config.publicBaseUrl}${cardPaths(profile.handle).page}`;
    // an uploaded avatar goes in as a photo; a pasted address stays an address
    const photoJpegBase64 = (await this.media.vcardPhoto(card.media.avatarUrl)) ?? undefined;
    return {
      fileName: vCardFileName(profile.handle),
      body: buildVCard(card, { profileUrl, photoJpegBase64 }),
    };
  }
}
