import { DuplicateKeyError } from '../../ports';

type Key = DuplicateKeyError['key'];

/** a unique index's key as the port names it: a membership's is the team and the user together */
function keyOf(fields: readonly string[], index: string | undefined): Key | null {
  for (const key of ['email', 'handle'] as const) {
    if (fields.includes(key) || index === `${key}_1` || index?.endsWith(`_${key}_1`)) return key;
  }
  const member =
    (fields.includes('teamId') && fields.includes('userId')) || index?.endsWith('teamId_1_userId_1');
  return member === true ? 'member' : null;
}

/**
 * maps a duplicate key to the port's error by the index key: null when the error is something else.
 * mongodb answers E11000 and names the key (keyPattern, keyValue, "index: handle_1" in the message).
 * ferretdb v1 differs, and is read too since it costs mongodb nothing: its E11000 names only the
 * collection (the collection's unique key besides _id is then meant: the one a caller can repeat; a
 * second invitation's token hash, 32 random bytes hashed, never repeats), and on update its sqlite
 * backend answers InternalError (code 1) with sqlite's "UNIQUE constraint failed: index '<t>_handle_1'".
 */
export function duplicateKeyError(error: unknown, collectionKey: Key): DuplicateKeyError | null {
  const e = error as { code?: unknown; keyPattern?: object; keyValue?: object; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : '';
  if (e?.code === 1) {
    const sqlite = /UNIQUE constraint failed: index '([^']*)'/.exec(message);
    const key = sqlite ? keyOf([], sqlite[1]) : null;
    return key ? new DuplicateKeyError(key) : null;
  }
  if (e?.code !== 11000) return null;
  const fields = Object.keys(e.keyPattern ?? e.keyValue ?? {});
  const index = /index: (\S+)/.exec(message)?.[1];
  const key = keyOf(fields, index);
  if (key) return new DuplicateKeyError(key);
  return fields.length === 0 && index === undefined ? new DuplicateKeyError(collectionKey) : null;
}
