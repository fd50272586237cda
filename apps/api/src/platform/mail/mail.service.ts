import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MAIL_TRANSPORT, type MailMessage, type MailTransport } from './mail.port';

/** how long a stop waits for mail being handed over */
const SHUTDOWN_WAIT_MS = 5_000;

/**
 * sends mail in the background, so a slow or failing mail server never slows or fails the request
 * that caused the mail (a message left on a card is stored and answered either way). a mail that
 * cannot be handed over is tried again after each of the configured waits, then given up with an
 * error in the log.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly pending = new Set<Promise<void>>();
  private readonly waits = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  private stopping = false;

  constructor(
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * sends what `compose` makes (nothing when it answers null), in the background; never throws.
   * compose runs in the background too, so the lookups a mail needs add nothing to the request.
   */
  send(compose: MailMessage | (() => Promise<MailMessage | null>)): void {
    const task = this.deliver(compose).finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** resolves when every mail sent so far was handed over or given up (tests, shutdown) */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    // mail waiting for a retry is tried once more now, instead of after the wait
    for (const wait of this.waits) wait.wake();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
      timer.unref();
    });
    await Promise.race([this.idle(), timeout]);
    clearTimeout(timer);
    if (this.pending.size > 0) this.logger.error(`stopping with ${this.pending.size} mail(s) not sent`);
    await this.transport.close();
  }

  private async deliver(compose: MailMessage | (() => Promise<MailMessage | null>)): Promise<void> {
    let message: MailMessage | null;
    try {
      message = typeof compose === 'function' ? await compose() : compose;
    } catch (error) {
      this.logger.error(`a mail could not be written: ${(error as Error).message}`);
      return;
    }
    if (!message) return;
    const delays = this.config.mail.retryDelaysMs;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.transport.send({ ...message, from: this.config.mail.from });
        return;
      } catch (error) {
        const reason = (error as Error).message;
        if (attempt >= delays.length || (this.stopping && attempt > 0)) {
          this.logger.error(`"${message.subject}" was not sent after ${attempt + 1} attempt(s): ${reason}`);
          return;
        }
        this.logger.warn(`"${message.subject}" not sent (${reason}); trying again in ${delays[attempt]} ms`);
        if (!this.stopping) await this.wait(delays[attempt]);
      }
    }
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.waits.delete(entry);
          resolve();
        }, ms),
        wake: () => {
          clearTimeout(entry.timer);
          this.waits.delete(entry);
          resolve();
        },
      };
      // a wait for a retry does not keep the process alive
      entry.timer.unref();
      this.waits.add(entry);
    });
  }
}
