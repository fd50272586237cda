import { Inject, Injectable } from '@nestjs/common';
import { DIRECT_REFERRER, type ApiAnalytics } from '@cardcraft/analytics';
import type {
  AnalyticsMailSendsRepository,
  ProfileRecord,
  ProfilesRepository,
  UserRecord,
} from '@cardcraft/storage';
import { ANALYTICS_RUNTIME } from '../analytics/analytics.tokens';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { MailService } from '../platform/mail/mail.service';
import { ANALYTICS_MAIL_SENDS, PROFILES } from '../platform/storage/storage.tokens';
import { alertMail } from './alert-mail';
import { unsubscribeLinks } from './unsubscribe-tokens';
import { dayIn, wallClock } from './zoned-time';

const HOUR_MS = 3_600_000;
/** the usual hour is the mean of this many hours before the one looked at: 7 days */
const USUAL_HOURS = 7 * 24;
/** fewer visits than this in an hour never alert, however quiet the card usually is */
export const ALERT_MIN_VISITS = 10;
const TOP_SOURCES = 3;

/** the hour an alert looks at: the last whole UTC hour before `now` */
export function lastWholeHour(now: Date): { from: Date; to: Date } {
  const end = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return { from: new Date(end - HOUR_MS), to: new Date(end - 1) };
}

/** whether an hour of `visits` against a usual hour of `usual` alerts at `multiple` */
export function isSpike(visits: number, usual: number, multiple: number): boolean {
  return visits >= ALERT_MIN_VISITS && visits >= multiple * usual;
}

function hourLabel(hour: { from: Date }, zone: string): string {
  const start = wallClock(hour.from, zone);
  const end = wallClock(new Date(hour.from.getTime() + HOUR_MS), zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = hour.from.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  });
  return `${pad(start.hour)}:00 to ${pad(end.hour)}:00 on ${date} (${zone})`;
}

/** the hourly traffic alert of one owner's cards */
@Injectable()
export class TrafficAlertSender {
  constructor(
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    @Inject(ANALYTICS_MAIL_SENDS) private readonly sends: AnalyticsMailSendsRepository,
    @Inject(ANALYTICS_RUNTIME) private readonly analytics: ApiAnalytics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  /**
   * for each published card of the owner: the visits of the last whole hour against the mean hour of
   * the 7 days before it (the hourly rollups, one read a card), an alert when they reach the owner's
   * multiple and ALERT_MIN_VISITS; once a card a day in the owner's zone. answers the alerts sent
   */
  async sendDue(owner: UserRecord, now: Date): Promise<number> {
    const multiple = owner.trafficAlertMultiple;
    if (!multiple) return 0;
    const zone = owner.timeZone ?? 'UTC';
    const hour = lastWholeHour(now);
    const cards = (await this.profiles.listByOwner(owner.id)).filter((card) => card.published);
    let sent = 0;
    for (const card of cards) {
      if (await this.alertCard(owner, card, hour, multiple, zone, now)) sent += 1;
    }
    return sent;
  }

  private async alertCard(
    owner: UserRecord,
    card: ProfileRecord,
    hour: { from: Date; to: Date },
    multiple: number,
    zone: string,
    now: Date,
  ): Promise<boolean> {
    const since = new Date(hour.from.getTime() - USUAL_HOURS * HOUR_MS);
    const series = await this.analytics.store.series(card.id, { from: since, to: hour.to }, 'hour');
    let visits = 0;
    let before = 0;
    for (const row of series) {
      if (row.bucket.getTime() >= hour.from.getTime()) visits += row.visits;
      else before += row.visits;
    }
    const usual = before / USUAL_HOURS;
    if (!isSpike(visits, usual, multiple)) return false;
    const key = `alert:${card.id}:${dayIn(hour.from, zone)}`;
    if (!(await this.sends.claim(owner.id, key, now))) return false;
    try {
      const breakdowns = await this.analytics.store.breakdowns(card.id, hour);
      const sources = breakdowns
        .filter((row) => row.dimension === 'referrer_host')
        .sort((a, b) => b.count - a.count)
        .slice(0, TOP_SOURCES)
        .map((row) => ({ label: row.value || DIRECT_REFERRER, visits: row.count }));
      this.mail.send(
        alertMail({
          to: owner.email,
          card: { name: card.displayName, handle: card.handle },
          hourLabel: hourLabel(hour, zone),
          visits,
          usual,
          multiple,
          sources,
          baseUrl: this.config.publicBaseUrl,
          unsubscribe: unsubscribeLinks(this.config.publicBaseUrl, this.config.jwtSecret, 'alert', owner.id),
        }),
      );
      return true;
    } catch (error) {
      await this.sends.release(owner.id, key);
      throw error;
    }
  }
}
