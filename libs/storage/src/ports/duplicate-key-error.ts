/**
 * a unique key already taken: thrown by the users' and profiles' create and update (email, handle),
 * a second membership of one user in a team (member) and a second invitation of one address to a
 * team (email)
 */
export class DuplicateKeyError extends Error {
  constructor(readonly key: 'email' | 'handle' | 'member') {
    super(`duplicate ${key}`);
    this.name = 'DuplicateKeyError';
  }
}
