import type { Server } from 'node:net';
import {
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { BackupSchedule } from './backup-schedule';
import { BackupService } from './backup.service';
import { controlSocketIn, startControlSocket, stopControlSocket } from './control-socket';

/**
 * the embedded product's backups while it runs: `npm run backup` asks through the control socket in
 * DATA_DIR, and BACKUP_INTERVAL makes them on a schedule; both through BackupService
 */
@Injectable()
class BackupLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Backup');
  private socket: Server | null = null;
  private schedule: BackupSchedule | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly backups: BackupService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.backups.available) return;
    const path = controlSocketIn(this.config.dataDir);
    this.socket = await startControlSocket(path, ({ file }, progress) => {
      this.logger.log(`backup to ${file} asked on the control socket`);
      return this.backups.backup(file, progress).then((manifest) => {
        this.logger.log(
          `backup written: ${file} (${manifest.tookMs} ms, worker loop paused ${manifest.pausedMs} ms)`,
        );
        return manifest;
      });
    });
    if (!this.socket) {
      this.logger.warn(
        `no control socket: ${path} is too long for one; npm run backup cannot reach this product`,
      );
    }
    const { intervalMs, keep, dir } = this.config.backup;
    if (intervalMs !== null) {
      this.schedule = new BackupSchedule(
        { intervalMs, keep, dir },
        (file) => this.backups.backup(file),
        this.logger,
      );
      this.schedule.start();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.schedule?.stop();
    await stopControlSocket(this.socket);
  }
}

@Module({
  imports: [AnalyticsModule],
  providers: [BackupService, BackupLifecycle],
})
export class BackupModule {}
