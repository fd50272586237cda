import { DuplicateKeyError } from '../../ports';

/**
 * maps a duplicate key to the port's error by the index key: null when the error is something else.
 * mongodb answers E11000 and names the key (keyPattern, keyValue, "index: handle_1" in the message).
 * ferretdb v1 differs, and is read too since it costs mongodb nothing: its E11000 names only the
 * collection (the collection's one unique key besides _id is then meant), and on update its sqlite
 * backend answers InternalError (code 1) with sqlite's "UNIQUE constraint failed: index '<t>_handle_1'".
 */
export function duplicateKeyError(
  error: unknown,
  collectionKey: 'email' | 'handle',
): DuplicateKeyError | null {
  const e = error as { code?: unknown; keyPattern?: object; keyValue?: object; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : '';
  if (e?.code === 1) {
    const sqlite = /UNIQUE constraint failed: index '[^']*_(email|handle)_1'/.exec(message);
    return sqlite ? new DuplicateKeyError(sqlite[1] as 'email' | 'handle') : null;
  }
  if (e?.code !== 11000) return null;
  const fields = Object.keys(e.keyPattern ?? e.keyValue ?? {});
  const index = /index: (\S+)/.exec(message)?.[1];
  for (const key of ['email', 'handle'] as const) {
    if (fields.includes(key) || index === `${key}_1`) return new DuplicateKeyError(key);
  }
  return fields.length === 0 && index === undefined ? new DuplicateKeyError(collectionKey) : null;
}
