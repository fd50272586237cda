import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { createStorage, type Storage } from '@cardcraft/storage';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { HealthRegistry } from '../health/health-registry';

export const STORAGE = Symbol('STORAGE');

@Injectable()
class StorageLifecycle implements OnApplicationShutdown {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}

@Global()
@Module({
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
