import { Inject, Injectable } from '@nestjs/common';
import type { ApiAnalytics } from '@cardcraft/analytics';
import type { ServiceMetrics } from '@cardcraft/observability';
import { ANALYTICS_RUNTIME } from '../analytics/analytics.tokens';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { SERVICE_METRICS } from '../platform/observability/observability.tokens';
import type { BackupManifest } from './backup-manifest';
import { embeddedStores } from './embedded-stores';
import { makeBackup, type BackupProgress } from './make-backup';

/**
 * the running product's backups (the control socket's and the schedule's): one at a time, taken
 * from the stores this process holds while it goes on answering
 */
@Injectable()
export class BackupService {
  private running: Promise<BackupManifest> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ANALYTICS_RUNTIME) private readonly analytics: ApiAnalytics,
    @Inject(SERVICE_METRICS) private readonly metrics: ServiceMetrics,
  ) {}

  get available(): boolean {
    return embeddedStores(this.config);
  }

  async backup(file: string, progress?: BackupProgress): Promise<BackupManifest> {
    if (!this.available) {
      throw new Error(
        'this product runs on MongoDB, Redis or a ClickHouse server: back those up with their own tools',
      );
    }
    if (this.running) throw new Error('a backup is already being made; try again when it is done');
    const { analytics } = this;
    this.running = makeBackup(
      {
        dataDir: this.config.dataDir,
        analytics: analytics.store,
        flush: () => analytics.flush(),
        whileIngestPaused: (snapshots) => analytics.whileIngestPaused(snapshots),
      },
      file,
      progress,
    );
    try {
      const manifest = await this.running;
      this.metrics.backupMade(true);
      return manifest;
    } catch (error) {
      this.metrics.backupMade(false);
      throw error;
    } finally {
      this.running = null;
    }
  }
}
