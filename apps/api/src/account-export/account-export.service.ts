import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { Readable } from 'node:stream';
import { AccountExportMessages, type AccountExportResponse } from '@cardcraft/contracts';
import type { AccountExportRecord, AccountExportsRepository, UsersRepository } from '@cardcraft/storage';
import { ConflictError, NotFoundError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { DomainEvents } from '../platform/events/domain-events';
import { accountExportFailedMail, accountExportReadyMail } from '../platform/mail/mail-templates';
import { MailService } from '../platform/mail/mail.service';
import { ACCOUNT_EXPORTS, USERS } from '../platform/storage/storage.tokens';
import { ExportArchive } from './export-archive';
import { ExportJobs } from './export-jobs';

/**
 * an export still preparing after this was being made by a process that stopped (the jobs live in
 * memory): it shows as failed, and a new one may start in its place
 */
export const ABANDONED_AFTER_MS = 60 * 60_000;
/** how often expired exports are deleted */
const SWEEP_EVERY_MS = 60 * 60_000;

/** where the e-mailed link leads: Settings, where the signed-in owner downloads */
export const EXPORT_SETTINGS_PATH = '/dashboard/settings#data-export';

/**
 * the owner's copy of their data: asked for in Settings, made in the background (ExportJobs, in the
 * api process that took the request), stored as a zip (the exports port: DATA_DIR/exports or GridFS),
 * e-mailed as a link to Settings when ready, downloaded by the signed-in owner only, deleted after
 * EXPORT_TTL and with the account
 */
@Injectable()
export class AccountExportService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Exports');
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    @Inject(ACCOUNT_EXPORTS) private readonly exports: AccountExportsRepository,
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly archive: ExportArchive,
    private readonly jobs: ExportJobs,
    private readonly mail: MailService,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.events.on('account.deleted', async ({ userId }) => {
      await this.exports.deleteForUser(userId);
    });
  }

  /** a sweep at start (a product stopped for a week has exports to delete) and every hour after */
  onApplicationBootstrap(): void {
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
  }

  /** starts a new export (replacing the account's last one); 409 while one is being prepared */
  async start(userId: string): Promise<AccountExportResponse> {
    const now = new Date();
    const started = await this.exports.start({
      userId,
      createdAt: now,
      expiresAt: this.expiryFrom(now),
      staleBefore: new Date(now.getTime() - ABANDONED_AFTER_MS),
    });
    if (!started) throw new ConflictError(AccountExportMessages.alreadyPreparing);
    this.jobs.run((signal) => this.make(started, signal));
    return this.toResponse(started, now);
  }

  /** the account's export, while it is kept */
  async latest(userId: string): Promise<AccountExportResponse | null> {
    const now = new Date();
    const record = await this.exports.findByUser(userId);
    return record && record.expiresAt > now ? this.toResponse(record, now) : null;
  }

  /** the zip of the account's ready export; 404 for any other id, whoever's it is */
  async download(userId: string, id: string): Promise<{ stream: Readable; fileName: string; size: number }> {
    const record = await this.exports.findByUser(userId);
    const stream =
      record?.id === id && record.status === 'ready' && record.expiresAt > new Date()
        ? await this.exports.openArchive(id)
        : null;
    if (!record || !stream) throw new NotFoundError(AccountExportMessages.notFound);
    const day = record.createdAt.toISOString().slice(0, 10);
    return { stream, fileName: `cardcraft-data-${day}.zip`, size: record.size ?? 0 };
  }

  /** deletes the exports past their expiry; every replica sweeps, which is harmless */
  async sweep(now = new Date()): Promise<number> {
    try {
      return await this.exports.deleteExpired(now);
    } catch (error) {
      this.logger.error(`expired exports could not be deleted: ${(error as Error).message}`);
      return 0;
    }
  }

  /** the job: the zip, then the export's end and the owner's mail, whichever way it went */
  private async make(record: AccountExportRecord, signal: AbortSignal): Promise<void> {
    let size: number | null = null;
    try {
      size = await this.archive.write(record, signal);
    } catch (error) {
      this.logger.error(`the export ${record.id} failed: ${(error as Error).message}`);
    }
    const finishedAt = new Date();
    const ended = await this.exports.finish(record.id, {
      status: size === null ? 'failed' : 'ready',
      size,
      finishedAt,
      expiresAt: this.expiryFrom(finishedAt),
    });
    // gone meanwhile (the account was deleted): nobody to tell
    if (!ended) return;
    const link = `${this.config.publicBaseUrl}${EXPORT_SETTINGS_PATH}`;
    this.mail.send(async () => {
      const user = await this.users.findById(ended.userId);
      if (!user) return null;
      return ended.status === 'ready'
        ? accountExportReadyMail(user.email, link, ended.expiresAt)
        : accountExportFailedMail(user.email, link);
    });
  }

  private expiryFrom(from: Date): Date {
    return new Date(from.getTime() + this.config.exportTtlSeconds * 1000);
  }

  private toResponse(record: AccountExportRecord, now: Date): AccountExportResponse {
    const abandoned =
      record.status === 'preparing' && now.getTime() - record.createdAt.getTime() > ABANDONED_AFTER_MS;
    const status = abandoned ? 'failed' : record.status;
    return {
      id: record.id,
      status,
      requestedAtUtc: record.createdAt.toISOString(),
      finishedAtUtc: record.finishedAt?.toISOString() ?? null,
      expiresAtUtc: record.expiresAt.toISOString(),
      sizeBytes: status === 'ready' ? record.size : null,
      downloadPath: status === 'ready' ? `/api/account/export/${record.id}/download` : null,
    };
  }
}
