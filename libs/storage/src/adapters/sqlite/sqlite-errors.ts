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
  // a membership's key is the table's primary key, which sqlite reports under a code of its own
  const codes = ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'];
  if (isSqliteError(error) && codes.includes(error.code)) {
    // "UNIQUE constraint failed: index 'users_email_unique'", "... failed: profiles.handle" or
    // "... failed: team_invitations.team_id, team_invitations.email"
    if (error.message.includes('email')) throw new DuplicateKeyError('email');
    if (error.message.includes('handle')) throw new DuplicateKeyError('handle');
    if (error.message.includes('team_members.')) throw new DuplicateKeyError('member');
  }
  throw error;
}
