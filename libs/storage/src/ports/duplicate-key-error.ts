/** a unique key already taken: thrown by the users' and profiles' create and update */
export class DuplicateKeyError extends Error {
  constructor(readonly key: 'email' | 'handle') {
    super(`duplicate ${key}`);
    this.name = 'DuplicateKeyError';
  }
}
