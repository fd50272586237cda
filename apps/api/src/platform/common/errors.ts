import type { FieldError } from '@cardcraft/contracts';

/** domain errors: services throw these, the exception filter turns them into the API's one error shape */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  constructor(
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadInputError extends DomainError {
  readonly status = 400;
}
export class UnauthorizedError extends DomainError {
  readonly status = 401;
}
export class ForbiddenError extends DomainError {
  readonly status = 403;
}
export class NotFoundError extends DomainError {
  readonly status = 404;
}
export class ConflictError extends DomainError {
  readonly status = 409;
}
/** a spent rate limit; retryAfterSeconds becomes the Retry-After header */
export class TooManyRequestsError extends DomainError {
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
/**
 * a dependency that is down for a while (a store, a queue): the request may be tried again later.
 * logged where the outage is noticed, once, not by the exception filter on every request.
 */
export class ServiceUnavailableError extends DomainError {
  readonly status = 503;
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
