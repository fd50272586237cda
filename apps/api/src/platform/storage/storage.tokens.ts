/** the injection token of the configured store (@cardcraft/storage's Storage); StorageModule provides it */
export const STORAGE = Symbol('STORAGE');
