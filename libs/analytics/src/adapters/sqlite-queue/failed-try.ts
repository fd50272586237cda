import { isDiskError } from '@cardcraft/storage';
import type { FailedTry } from './sqlite-queue-database';
import type { SqliteQueueOptions } from './sqlite-queue-options';

export interface PlannedRetry extends FailedTry {
  /** the store's disk refused the write: no try was spent */
  diskOutage: boolean;
}

/**
 * how work that failed a try waits for its next one. a disk that is full or read-only is an outage of
 * the store, not a fault of the batch: it spends no try (the batch would end as a dead letter after a
 * long outage) and is tried again after the first backoff until the disk takes writes again. any other
 * failure spends a try and doubles the backoff; the last try leaves a dead letter.
 */
export function planRetry(
  attemptsBefore: number,
  failure: Error,
  options: Pick<SqliteQueueOptions, 'attempts' | 'backoffMs'>,
  now = Date.now(),
): PlannedRetry {
  const diskOutage = isDiskError(failure);
  const attempts = diskOutage ? attemptsBefore : attemptsBefore + 1;
  const delay = diskOutage ? options.backoffMs : options.backoffMs * 2 ** (attempts - 1);
  return {
    attempts,
    availableAt: now + delay,
    dead: !diskOutage && attempts >= options.attempts,
    error: String(failure.message),
    diskOutage,
  };
}
