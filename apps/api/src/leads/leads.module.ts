import { Module } from '@nestjs/common';
import { EventsModule } from '../platform/events/events.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { CardExchangeGate } from './card-exchange-gate';
import { LeadsController } from './leads.controller';
import { LeadsService } from './leads.service';

@Module({
  imports: [StorageModule, ProfilesModule, EventsModule, ThrottlingModule],
  controllers: [LeadsController],
  providers: [LeadsService, CardExchangeGate],
  // the card's own message form leaves its message through it
  exports: [LeadsService],
})
export class LeadsModule {}
