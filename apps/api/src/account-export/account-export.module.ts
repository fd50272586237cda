import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { LeadsModule } from '../leads/leads.module';
import { EventsModule } from '../platform/events/events.module';
import { MailModule } from '../platform/mail/mail.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { AccountExportController } from './account-export.controller';
import { AccountExportService } from './account-export.service';
import { ExportArchive } from './export-archive';
import { ExportJobs } from './export-jobs';

/** the owner's data export ("Download my data" in Settings): made in the background, e-mailed when ready */
@Module({
  imports: [
    StorageModule,
    ProfilesModule,
    LeadsModule,
    AnalyticsModule,
    MailModule,
    EventsModule,
    ThrottlingModule,
  ],
  controllers: [AccountExportController],
  providers: [AccountExportService, ExportArchive, ExportJobs],
})
export class AccountExportModule {}
