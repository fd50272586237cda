import { Module } from '@nestjs/common';
import { EventsModule } from '../platform/events/events.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

@Module({
  imports: [StorageModule, EventsModule, ThrottlingModule],
  controllers: [ProfilesController],
  providers: [ProfilesService],
  exports: [ProfilesService],
})
export class ProfilesModule {}
