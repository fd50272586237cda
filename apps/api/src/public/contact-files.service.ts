import { Inject, Injectable } from '@nestjs/common';
import { isBotUserAgent } from '@cardcraft/analytics';
import { buildVCard, cardPaths, isCardOwner, vCardFileName } from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { DomainEvents } from '../platform/events/domain-events';
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
    private readonly events: DomainEvents,
  ) {}

  /**
   * a visitor took the file: that is the contact saved (contact.saved), with or without the page's
   * script. the script's vcard_saved beacon of the same click only counts it in the analytics, so a
   * save is announced once. the holder's own download and a crawler's are not saves.
   */
  async saved(profile: ProfileRecord, viewerUserId: string | null, userAgent: string): Promise<void> {
    if (isCardOwner(profile, viewerUserId) || isBotUserAgent(userAgent)) return;
    await this.events.publish('contact.saved', { profile, viewerUserId, at: new Date() });
  }

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
