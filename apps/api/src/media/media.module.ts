import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { ProfilesRepository } from '@cardcraft/storage';
import { EventsModule } from '../platform/events/events.module';
import { DomainEvents } from '../platform/events/domain-events';
import { StorageModule } from '../platform/storage/storage.module';
import { PROFILES } from '../platform/storage/storage.tokens';
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
  ) {}

  onModuleInit(): void {
    const sweep = async (ownerId: string, released: readonly string[]): Promise<void> => {
      const cards = await this.profiles.listByOwner(ownerId);
      await this.media.sweep(ownerId, cards, cards.map(previewStoreKey), released);
    };
    this.events.on('profile.saved', ({ profile, previousImages }) =>
      sweep(profile.ownerId, previousImages ?? []),
    );
    this.events.on('profile.deleted', ({ ownerId, images }) => sweep(ownerId, images ?? []));
    this.events.on('account.deleted', ({ userId }) => this.media.deleteAll(userId));
  }
}
