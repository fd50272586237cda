import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { EventsModule } from '../platform/events/events.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { AccountLeadsController } from './account-leads.controller';
import { AccountLeadsService } from './account-leads.service';
import { CardExchangeGate } from './card-exchange-gate';
import { LeadFollowUps } from './lead-follow-ups';
import { LeadInbox } from './lead-inbox';
import { LeadsController } from './leads.controller';
import { LeadsService } from './leads.service';

@Module({
  imports: [StorageModule, ProfilesModule, EventsModule, ThrottlingModule, AnalyticsModule],
  controllers: [LeadsController, AccountLeadsController],
  providers: [LeadsService, AccountLeadsService, LeadFollowUps, LeadInbox, CardExchangeGate],
  // the card's own message form leaves its message through it; the team inbox works its leads with the inbox
  exports: [LeadsService, LeadInbox],
})
export class LeadsModule {}
