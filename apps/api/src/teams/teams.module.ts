import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { LeadsModule } from '../leads/leads.module';
import { MediaModule } from '../media/media.module';
import { EventsModule } from '../platform/events/events.module';
import { MailModule } from '../platform/mail/mail.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { CardTemplatesService } from './card-templates.service';
import { TeamCardsController } from './team-cards.controller';
import { TeamCardSnapshots } from './team-card-snapshots';
import { TeamCardsService } from './team-cards.service';
import { TeamInsightsService } from './team-insights.service';
import { InvitationLinksController, TeamInvitationsController } from './team-invitations.controller';
import { TeamInvitationsService } from './team-invitations.service';
import { TeamRoles } from './team-roles';
import { SecondFactorRequirement } from '../auth/second-factor/team-requirement';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';

/** teams: people and roles, invitations, brand, templates, and the team's view of its cards */
@Module({
  imports: [
    StorageModule,
    EventsModule,
    ThrottlingModule,
    MailModule,
    ProfilesModule,
    AnalyticsModule,
    MediaModule,
    LeadsModule,
  ],
  controllers: [TeamsController, TeamInvitationsController, InvitationLinksController, TeamCardsController],
  providers: [
    TeamRoles,
    SecondFactorRequirement,
    TeamsService,
    TeamInvitationsService,
    CardTemplatesService,
    TeamCardsService,
    TeamInsightsService,
    TeamCardSnapshots,
  ],
  // TeamRoles: a team's API keys and webhooks are its admins' to manage
  exports: [TeamsService, TeamRoles],
})
export class TeamsModule {}
