import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { CardTemplatesRepository, ProfilesRepository, TeamsRepository } from '@cardcraft/storage';
import { EventsModule } from '../platform/events/events.module';
import { DomainEvents } from '../platform/events/domain-events';
import { StorageModule } from '../platform/storage/storage.module';
import { CARD_TEMPLATES, PROFILES, TEAMS } from '../platform/storage/storage.tokens';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { SharpImageProcessor } from './adapters/sharp-image-processor';
import { IMAGE_PROCESSOR } from './image-processor';
import { MediaController } from './media.controller';
import { MediaService, previewStoreKey } from './media.service';

/**
 * uploaded images (avatars and banners) and the stored preview images of cards, through the storage's
 * media port; removed when no card of their owner uses them any more, and with the account
 */
@Module({
  imports: [StorageModule, EventsModule, ThrottlingModule],
  controllers: [MediaController],
  providers: [MediaService, { provide: IMAGE_PROCESSOR, useClass: SharpImageProcessor }],
  exports: [MediaService],
})
export class MediaModule implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly media: MediaService,
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    @Inject(TEAMS) private readonly teams: TeamsRepository,
    @Inject(CARD_TEMPLATES) private readonly templates: CardTemplatesRepository,
  ) {}

  onModuleInit(): void {
    const sweep = async (ownerId: string, released: readonly string[]): Promise<void> => {
      const cards = await this.profiles.listByOwner(ownerId);
      await this.media.sweep(ownerId, cards, cards.map(previewStoreKey), released, () =>
        this.teamImages(ownerId),
      );
    };
    this.events.on('profile.saved', ({ profile, previousImages }) =>
      sweep(profile.ownerId, previousImages ?? []),
    );
    this.events.on('profile.deleted', ({ ownerId, images }) => sweep(ownerId, images ?? []));
    this.events.on('account.deleted', ({ userId }) => this.media.deleteAll(userId));
  }

  /**
   * the images of the user's teams: an admin's upload may be the team's logo, a template's photo or
   * what a member's card shows, none of which is on the admin's own cards
   */
  private async teamImages(userId: string): Promise<Array<string | null>> {
    const urls: Array<string | null> = [];
    for (const { team } of await this.teams.listForUser(userId)) {
      urls.push(team.brand.logoUrl, team.brand.bannerUrl);
      for (const template of await this.templates.listByTeam(team.id)) {
        urls.push(
          template.content.media.avatarUrl,
          template.content.media.bannerUrl,
          template.content.media.ogImageUrl,
        );
      }
      for (const card of await this.profiles.listByTeam(team.id)) {
        urls.push(card.media.avatarUrl, card.media.bannerUrl, card.media.ogImageUrl);
      }
    }
    return urls;
  }
}
