const UUID_V7 = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * whether a batch id is a uuid v7 (the producer's) made at or after `ms`. for batches inserted
 * together, pass the first one's (EventRows.firstBatchId): the others were queued after it
 */
export function madeAfter(batchId: string, ms: number): boolean {
  const match = UUID_V7.exec(batchId);
  return match ? parseInt(`${match[1]}${match[2]}`, 16) >= ms : false;
}
