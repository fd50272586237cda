import { DuplicateKeyError } from '../../ports';
import { duplicateKeyError } from './mongo-errors';

// the shapes mongodb and ferretdb give to a duplicate key; ferretdb only shows the second one
describe('duplicateKeyError', () => {
  const mongodb = (key: string) =>
    Object.assign(
      new Error(`E11000 duplicate key error collection: db.c index: ${key}_1 dup key: { ${key}: "x" }`),
      {
        code: 11000,
        keyPattern: { [key]: 1 },
        keyValue: { [key]: 'x' },
      },
    );

  it('names the key from mongodb’s keyPattern', () => {
    expect(duplicateKeyError(mongodb('handle'), 'email')).toEqual(new DuplicateKeyError('handle'));
    expect(duplicateKeyError(mongodb('email'), 'handle')).toMatchObject({ key: 'email' });
  });

  it('names the key from the index in the message when keyPattern is absent', () => {
    const error = Object.assign(
      new Error('E11000 duplicate key error collection: db.profiles index: handle_1'),
      {
        code: 11000,
      },
    );
    expect(duplicateKeyError(error, 'email')).toMatchObject({ key: 'handle' });
  });

  it('falls back to the collection’s unique key when the error names no key (ferretdb v1)', () => {
    const error = Object.assign(new Error('E11000 duplicate key error collection: db.users'), {
      code: 11000,
    });
    expect(duplicateKeyError(error, 'email')).toMatchObject({ key: 'email' });
  });

  it('reads the sqlite message ferretdb v1 answers on an update that breaks a unique index', () => {
    const error = Object.assign(
      new Error(
        "[msg_findandmodify.go:196 handler.(*Handler).findAndModifyDocument] constraint failed: UNIQUE constraint failed: index 'profiles_f50c43ef_handle_1' (2067)",
      ),
      { code: 1, codeName: 'InternalError' },
    );
    expect(duplicateKeyError(error, 'email')).toMatchObject({ key: 'handle' });
    expect(duplicateKeyError(Object.assign(new Error('other'), { code: 1 }), 'email')).toBeNull();
  });

  it('names a team’s keys: a second membership, a second invitation to one address', () => {
    const compound = (keyPattern: Record<string, 1>, index: string) =>
      Object.assign(new Error(`E11000 duplicate key error collection: db.c index: ${index} dup key: { }`), {
        code: 11000,
        keyPattern,
      });
    expect(duplicateKeyError(compound({ teamId: 1, userId: 1 }, 'teamId_1_userId_1'), 'email')).toEqual(
      new DuplicateKeyError('member'),
    );
    expect(duplicateKeyError(compound({ teamId: 1, email: 1 }, 'teamId_1_email_1'), 'member')).toEqual(
      new DuplicateKeyError('email'),
    );
    const named = Object.assign(new Error('E11000 duplicate key error index: teamId_1_userId_1'), {
      code: 11000,
    });
    expect(duplicateKeyError(named, 'email')).toMatchObject({ key: 'member' });
    // ferretdb v1 names the collection only: its caller's key is meant
    const bare = Object.assign(new Error('E11000 duplicate key error collection: db.team_members'), {
      code: 11000,
    });
    expect(duplicateKeyError(bare, 'member')).toMatchObject({ key: 'member' });
    // a user's one export is no membership
    expect(duplicateKeyError(compound({ userId: 1 }, 'userId_1'), 'email')).toBeNull();
  });

  it('is null for another key or another error', () => {
    expect(duplicateKeyError(mongodb('_id'), 'email')).toBeNull();
    expect(duplicateKeyError(new Error('boom'), 'email')).toBeNull();
    expect(duplicateKeyError(undefined, 'email')).toBeNull();
  });
});
