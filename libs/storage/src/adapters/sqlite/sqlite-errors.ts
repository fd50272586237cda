import { DuplicateKeyError } from '../../ports';

/**
 * checked by shape, not instanceof: better-sqlite3 creates its error class once per process, so under
 * a test runner that loads modules afresh per file (jest) an instanceof check against Error can fail.
 */
function isSqliteError(error: unknown): error is Error & { code: string } {
  const candidate = error as { code?: unknown; message?: unknown } | null;
  return typeof candidate?.code === 'string' && typeof candidate.message === 'string';
}

/** maps a unique violation to the port's error; anything else is rethrown unchanged */
export function rethrowDuplicate(error: unknown): never {
  if (isSqliteError(error) && error.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    // "UNIQUE constraint failed: index 'users_email_unique'" or "... failed: profiles.handle"
    if (error.message.includes('email')) throw new DuplicateKeyError('email');
    if (error.message.includes('handle')) throw new DuplicateKeyError('handle');
  }
  throw error;
}
