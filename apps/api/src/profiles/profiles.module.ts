import { Module } from '@nestjs/common';
import { EventsModule } from '../platform/events/events.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { ProfilesController } from './profiles.controller';
import { CardAccess } from './card-access';
import { SecondFactorRequirement } from '../auth/second-factor/team-requirement';
import { ProfileViews } from './profile-views';
import { ProfilesService } from './profiles.service';
import { TemplateLocks } from './template-locks';

@Module({
  imports: [StorageModule, EventsModule, ThrottlingModule],
  controllers: [ProfilesController],
  providers: [ProfilesService, CardAccess, TemplateLocks, ProfileViews, SecondFactorRequirement],
  exports: [ProfilesService, CardAccess, ProfileViews],
})
export class ProfilesModule {}
