import { Inject, Injectable } from '@nestjs/common';
import type { VisitSummaryResponse } from '@cardcraft/contracts';
import type { ApiAnalytics } from '@cardcraft/analytics';
import type {
  AnalyticsMailSendsRepository,
  ProfileRecord,
  ProfilesRepository,
  UserRecord,
} from '@cardcraft/storage';
import { linkOwnersOf } from '../analytics/analytics.service';
import { ANALYTICS_RUNTIME } from '../analytics/analytics.tokens';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { MailService } from '../platform/mail/mail.service';
import { ANALYTICS_MAIL_SENDS, PROFILES } from '../platform/storage/storage.tokens';
import { reportMail, type CardReport } from './report-mail';
import { duePeriod, type ReportPeriod } from './report-periods';
import { unsubscribeLinks } from './unsubscribe-tokens';
import { VISITS_CHART_RENDERER, type VisitsChartRenderer } from './visits-chart';
import { dayIn } from './zoned-time';

const TOP = 5;

function cardReport(
  card: ProfileRecord,
  summary: VisitSummaryResponse,
  before: VisitSummaryResponse,
): CardReport {
  return {
    name: card.displayName,
    handle: card.handle,
    current: {
      visits: summary.totalVisits,
      uniqueVisitors: summary.uniqueVisitors,
      saves: summary.engagement.vcard_saved ?? 0,
      messages: summary.engagement.message_sent ?? 0,
    },
    previous: {
      visits: before.totalVisits,
      uniqueVisitors: before.uniqueVisitors,
      saves: before.engagement.vcard_saved ?? 0,
      messages: before.engagement.message_sent ?? 0,
    },
    sources: Object.entries(summary.visitsByReferrer)
      .map(([label, visits]) => ({ label, visits }))
      .filter((source) => source.visits > 0)
      .sort((a, b) => b.visits - a.visits || a.label.localeCompare(b.label))
      .slice(0, TOP),
    links: summary.clicksByLink.slice(0, TOP).map(({ target, clicks }) => ({ target, clicks })),
  };
}

/** "Mon 2" for a week's day, "2" for a month's */
function barLabel(date: string, period: ReportPeriod): string {
  const day = Number(date.slice(8, 10));
  if (period.frequency === 'monthly') return String(day);
  const weekday = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    timeZone: 'UTC',
  });
  return `${weekday} ${day}`;
}

/**
 * the daily visits of every card together, a bar per day of the period. a point's day is the one its
 * bucket starts in, in the zone the summary says its series is counted in
 */
function dailyBars(
  summaries: VisitSummaryResponse[],
  period: ReportPeriod,
): Array<{ label: string; visits: number }> {
  const visits = new Map(period.days.map((date) => [date, 0]));
  for (const summary of summaries) {
    for (const point of summary.timeSeries.points) {
      const date = dayIn(new Date(point.bucketUtc), summary.timeZone || 'UTC');
      const sum = visits.get(date);
      if (sum !== undefined) visits.set(date, sum + point.visits);
    }
  }
  return period.days.map((date) => ({ label: barLabel(date, period), visits: visits.get(date) ?? 0 }));
}

/** the weekly or monthly report of one owner, when one is due and not yet sent */
@Injectable()
export class AnalyticsReportSender {
  constructor(
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    @Inject(ANALYTICS_MAIL_SENDS) private readonly sends: AnalyticsMailSendsRepository,
    @Inject(ANALYTICS_RUNTIME) private readonly analytics: ApiAnalytics,
    @Inject(VISITS_CHART_RENDERER) private readonly chart: VisitsChartRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  /**
   * sends the owner's report of the period that is due at `now` in the owner's zone, once: the send
   * record is claimed first, so of several processes (or ticks) only one sends it; when its figures
   * cannot be read the claim is taken back, for the next tick to try again. true when sent
   */
  async sendDue(owner: UserRecord, now: Date): Promise<boolean> {
    if (owner.analyticsReport === 'off') return false;
    const zone = owner.timeZone ?? 'UTC';
    const period = duePeriod(owner.analyticsReport, now, zone);
    if (!period) return false;
    const cards = (await this.profiles.listByOwner(owner.id)).filter((card) => card.published);
    if (cards.length === 0) return false;
    if (!(await this.sends.claim(owner.id, period.key, now))) return false;
    try {
      const summaries: VisitSummaryResponse[] = [];
      const befores: VisitSummaryResponse[] = [];
      for (const card of cards) {
        const read = (range: { from: Date; to: Date }) =>
          this.analytics.reader.summary(card.id, range, linkOwnersOf(card), { timeZone: zone });
        summaries.push(await read({ from: period.from, to: period.to }));
        // the period compared is the report's own (a month's is the calendar month before)
        befores.push(await read(period.before));
      }
      const daily = dailyBars(summaries, period);
      const message = reportMail({
        to: owner.email,
        period,
        zone,
        cards: cards.map((card, index) => cardReport(card, summaries[index]!, befores[index]!)),
        daily,
        chartPng: await this.chart.render(daily),
        baseUrl: this.config.publicBaseUrl,
        unsubscribe: unsubscribeLinks(this.config.publicBaseUrl, this.config.jwtSecret, 'report', owner.id),
      });
      this.mail.send(message);
      return true;
    } catch (error) {
      await this.sends.release(owner.id, period.key);
      throw error;
    }
  }
}
