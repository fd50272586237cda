import type { BullmqOptions } from './bullmq-options';

// the consumer's own keys, outside bullmq's (`prefix:queue:*`), which any job id could collide with

/**
 * where the consumer notes, per job that might keep raw ips (one that started, one in the dead-letter
 * queue), when they must be gone: a sorted set scored by that time, so a sweep reads only what is due
 */
export function ipExpiryKey(options: BullmqOptions): string {
  return `${options.prefix}:analytics-ip-expiry:${options.queueName}`;
}

/** when a consumer last stored a batch (epoch ms), for the api's readiness */
export function lastStoredKey(options: BullmqOptions): string {
  return `${options.prefix}:analytics-last-stored:${options.queueName}`;
}

/** the hash of stalls already counted as a try, per job id (see BullmqEventConsumer) */
export function chargedStallsKey(options: BullmqOptions): string {
  return `${options.prefix}:analytics-stalls:${options.queueName}`;
}

/** the ids of failed jobs already copied to the dead letters (and logged), scored by when */
export function deadCopiedKey(options: BullmqOptions): string {
  return `${options.prefix}:analytics-dead-copied:${options.queueName}`;
}

/** how long the note that a failed job was copied is kept: longer than the failed set keeps jobs */
export const DEAD_COPIED_KEEP_MS = 90 * 24 * 3_600_000;
