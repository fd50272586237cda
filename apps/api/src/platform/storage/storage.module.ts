import { Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { createStorage, type Storage } from '@cardcraft/storage';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { HealthRegistry } from '../common/health-registry';
import { HealthRegistryModule } from '../common/health-registry.module';
import { STORAGE } from './storage.tokens';

@Injectable()
class StorageLifecycle implements OnApplicationShutdown {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}

/** the configured store (MongoDB or the embedded SQLite file), for the modules that import it */
@Module({
  imports: [HealthRegistryModule],
  providers: [
    {
      provide: STORAGE,
      inject: [APP_CONFIG, HealthRegistry],
      useFactory: async (config: AppConfig, health: HealthRegistry): Promise<Storage> => {
        const storage = await createStorage(
          config.mongoUrl
            ? { kind: 'mongo', mongoUrl: config.mongoUrl }
            : { kind: 'sqlite', file: join(config.dataDir, 'cardcraft.db') },
        );
        health.register(storage.kind === 'mongo' ? 'mongodb' : 'sqlite', () => storage.ping());
        return storage;
      },
    },
    StorageLifecycle,
  ],
  exports: [STORAGE],
})
export class StorageModule {}
