import { statfs } from 'node:fs/promises';
import type { JournalSize, QueueProgress } from '../ports';
import { formatDuration } from './outage-log';

export interface ReadinessLimits {
  /** events wait and no batch was stored for this long: the pipeline is stuck */
  maxInsertAgeMs: number;
  /** DATA_DIR with less free space than this is unhealthy (0: not checked) */
  minFreeBytes: number;
}

/** what /api/health/ready reports of the analytics pipeline */
export interface PipelineReport {
  ok: boolean;
  /** why it is not ok, one sentence each */
  reasons: string[];
  /** events in this process's memory (waiting, being handed over, held for a retry) */
  buffered: number;
  /** jobs on the queue not yet stored; null when the queue did not answer */
  backlog: number | null;
  /** ms since a batch was last stored, while jobs wait; null when nothing waits */
  lastInsertAgeMs: number | null;
  /** batches and events waiting in the journal (cluster mode) */
  journal: JournalSize | null;
  /** free bytes of DATA_DIR; null when it cannot be read */
  diskFreeBytes: number | null;
}

export interface PipelineFacts {
  now: number;
  /** when this process started watching: the reference while no batch was stored yet */
  since: number;
  buffered: number;
  /** the queue's progress, or the error it answered with */
  progress: QueueProgress | Error;
  journal: JournalSize | null;
  /** the outage the producer is in, if any (since when, and why) */
  queueDown: { since: number; reason: string } | null;
  disk: { dir: string; freeBytes: number } | Error;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** judges the pipeline's facts against the limits; pure */
export function assessPipeline(facts: PipelineFacts, limits: ReadinessLimits): PipelineReport {
  const reasons: string[] = [];
  let backlog: number | null = null;
  let lastInsertAgeMs: number | null = null;
  if (facts.progress instanceof Error) {
    reasons.push(`the analytics queue does not answer: ${facts.progress.message}`);
  } else {
    backlog = facts.progress.waiting;
    if (backlog > 0) {
      lastInsertAgeMs = facts.now - (facts.progress.lastStoredAt ?? facts.since);
      if (lastInsertAgeMs > limits.maxInsertAgeMs) {
        reasons.push(
          `${backlog} analytics job(s) wait and no batch was stored for ${formatDuration(lastInsertAgeMs)}`,
        );
      }
    }
  }
  if (facts.queueDown) {
    reasons.push(
      `the analytics queue refuses batches since ${formatDuration(facts.now - facts.queueDown.since)} ago: ${facts.queueDown.reason}`,
    );
  }
  let diskFreeBytes: number | null = null;
  if (facts.disk instanceof Error) {
    reasons.push(`the data directory cannot be read: ${facts.disk.message}`);
  } else {
    diskFreeBytes = facts.disk.freeBytes;
    if (limits.minFreeBytes > 0 && diskFreeBytes < limits.minFreeBytes) {
      reasons.push(
        `the data directory ${facts.disk.dir} has ${mb(diskFreeBytes)} free, less than ${mb(limits.minFreeBytes)}`,
      );
    }
  }
  return {
    ok: reasons.length === 0,
    reasons,
    buffered: facts.buffered,
    backlog,
    lastInsertAgeMs,
    journal: facts.journal,
    diskFreeBytes,
  };
}

/** free bytes for an unprivileged writer of the directory */
export async function freeBytesOf(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}
