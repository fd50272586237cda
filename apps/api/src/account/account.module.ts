import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EventsModule } from '../platform/events/events.module';
import { TeamsModule } from '../teams/teams.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

@Module({
  imports: [StorageModule, AuthModule, ProfilesModule, TeamsModule, ThrottlingModule, EventsModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
