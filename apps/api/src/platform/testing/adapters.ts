import type { StorageKind } from './test-app';

/** every HTTP suite runs once per storage adapter */
export const STORAGE_KINDS: StorageKind[] = ['sqlite', 'mongo'];
