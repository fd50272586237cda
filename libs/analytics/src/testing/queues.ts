import type { EventBatch } from '../events';
import { sampleEvent } from './sample-events';

/** a batch as the producer queues it: n events of one card, each with an ip */
export function queuedBatch(id: string, n = 2): EventBatch {
  return { id, events: Array.from({ length: n }, () => sampleEvent({ profileId: 'p' })) };
}

/** waits until the check holds, looking every 10 ms; throws past the timeout */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
