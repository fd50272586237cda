import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { MailModule } from '../platform/mail/mail.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { SatoriVisitsChartRenderer } from './adapters/satori-visits-chart';
import { AnalyticsMailSchedule } from './analytics-mail-schedule';
import { AnalyticsMailService } from './analytics-mail.service';
import { AnalyticsReportSender } from './analytics-report.sender';
import { TrafficAlertSender } from './traffic-alert.sender';
import { UnsubscribeController } from './unsubscribe.controller';
import { VISITS_CHART_RENDERER } from './visits-chart';

/** the analytics by e-mail: the weekly or monthly report, the traffic alert, their unsubscribe link */
@Module({
  imports: [StorageModule, AnalyticsModule, MailModule, ThrottlingModule],
  controllers: [UnsubscribeController],
  providers: [
    { provide: VISITS_CHART_RENDERER, useClass: SatoriVisitsChartRenderer },
    AnalyticsReportSender,
    TrafficAlertSender,
    AnalyticsMailService,
    AnalyticsMailSchedule,
  ],
})
export class AnalyticsMailModule {}
