import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AnalyticsMailSendsRepository, UsersRepository } from '@cardcraft/storage';
import { BadInputError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { ANALYTICS_MAIL_SENDS, USERS } from '../platform/storage/storage.tokens';
import { AnalyticsReportSender } from './analytics-report.sender';
import { TrafficAlertSender } from './traffic-alert.sender';
import { readUnsubscribeToken, type AnalyticsMailKind } from './unsubscribe-tokens';

/** owners read a page at a time */
const PAGE = 100;
/** send records older than this are forgotten: no period looked at is that old */
const KEEP_SENDS_MS = 90 * 86_400_000;

export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Change your e-mails in Settings.';

/** what the hourly look sent */
export interface AnalyticsMailRound {
  reports: number;
  alerts: number;
  /** owners whose mail failed (logged; their report is tried again next hour) */
  failed: number;
}

/**
 * the analytics mails: walks the owners who chose a report or an alert and sends what is due at
 * `now`. every api process runs it each hour; the send records make each mail go once
 */
@Injectable()
export class AnalyticsMailService {
  private readonly logger = new Logger('AnalyticsMail');

  constructor(
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(ANALYTICS_MAIL_SENDS) private readonly sends: AnalyticsMailSendsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reports: AnalyticsReportSender,
    private readonly alerts: TrafficAlertSender,
  ) {}

  async sendDue(now: Date = new Date()): Promise<AnalyticsMailRound> {
    const round: AnalyticsMailRound = { reports: 0, alerts: 0, failed: 0 };
    let after: string | null = null;
    for (;;) {
      const owners = await this.users.listAnalyticsMailRecipients(after, PAGE);
      if (owners.length === 0) break;
      for (const owner of owners) {
        try {
          if (await this.reports.sendDue(owner, now)) round.reports += 1;
          round.alerts += await this.alerts.sendDue(owner, now);
        } catch (error) {
          // one owner's failure (the analytics store away, an account deleted meanwhile) stops no other
          round.failed += 1;
          this.logger.warn(`analytics mail of ${owner.id}: ${(error as Error).message}`);
        }
      }
      after = owners[owners.length - 1]!.id;
    }
    await this.sends.deleteBefore(new Date(now.getTime() - KEEP_SENDS_MS));
    return round;
  }

  /** the one-click unsubscribe: turns off the kind the signed token names; no session needed */
  async unsubscribe(token: unknown): Promise<AnalyticsMailKind> {
    const named = readUnsubscribeToken(this.config.jwtSecret, token);
    if (!named)
      throw new BadInputError(UNSUBSCRIBE_LINK_INVALID, [
        { field: 'token', message: UNSUBSCRIBE_LINK_INVALID },
      ]);
    const patch =
      named.kind === 'report' ? { analyticsReport: 'off' as const } : { trafficAlertMultiple: null };
    // a deleted account's link (no such user to change): nothing is sent to it any more either, so
    // the one-click answer is the same, as a mail program retrying it expects
    await this.users.update(named.userId, patch);
    return named.kind;
  }
}
