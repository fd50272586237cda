import type { AppConfig } from '../platform/config/app-config';

/** whether the configuration keeps every store in DATA_DIR (the embedded product): a backup takes them all */
export function embeddedStores(config: AppConfig): boolean {
  return (
    config.mongoUrl === null &&
    config.analytics.queue.kind === 'embedded' &&
    config.analytics.store.kind === 'chdb'
  );
}
