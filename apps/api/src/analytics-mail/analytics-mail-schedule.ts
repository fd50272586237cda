import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { AnalyticsMailService } from './analytics-mail.service';

const HOUR_MS = 3_600_000;
/** minutes past the hour: the last hour's events have reached the store by then */
const PAST_THE_HOUR_MS = 5 * 60_000;

/** how long from `now` until the next tick, at PAST_THE_HOUR_MS past an hour */
export function untilNextTick(now: number): number {
  const next = Math.floor((now - PAST_THE_HOUR_MS) / HOUR_MS) * HOUR_MS + HOUR_MS + PAST_THE_HOUR_MS;
  return next - now;
}

/**
 * the hourly tick of the analytics mails, in every process that runs the api (REPORTS_ENABLED): in
 * the cluster each replica ticks, and the send records let one of them send each mail
 */
@Injectable()
export class AnalyticsMailSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AnalyticsMail');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mails: AnalyticsMailService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.reportsEnabled) this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = null;
        this.schedule();
      });
    }, untilNextTick(Date.now()));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      const round = await this.mails.sendDue(new Date());
      if (round.reports + round.alerts + round.failed > 0) {
        this.logger.log(
          `analytics mail: ${round.reports} report(s), ${round.alerts} alert(s) sent, ${round.failed} owner(s) failed`,
        );
      }
    } catch (error) {
      this.logger.error(`analytics mail round failed: ${(error as Error).message}`);
    }
  }
}
