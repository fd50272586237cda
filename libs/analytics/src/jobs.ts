import { InvalidEventError, parseEventBatch, type EventBatch } from './events';

/** an erase: every analytics row of the profile goes (the card or its account was deleted) */
export interface ProfileErasure {
  profileId: string;
}

/** every job the analytics queue carries, with its payload type */
export interface AnalyticsJobs {
  'analytics.ingest-batch': EventBatch;
  'analytics.erase-profile': ProfileErasure;
}

export type AnalyticsJobName = keyof AnalyticsJobs;

export const ANALYTICS_JOB_NAMES: readonly AnalyticsJobName[] = [
  'analytics.ingest-batch',
  'analytics.erase-profile',
];

/** one job as a consumer hands it over: its name and its checked payload */
export type AnalyticsJob = {
  [N in AnalyticsJobName]: { name: N; payload: AnalyticsJobs[N] };
}[AnalyticsJobName];

/** the queue id of a profile's erase: asking twice while one waits is one job */
export function eraseJobId(profileId: string): string {
  return `erase-${profileId}`;
}

function parseProfileErasure(payload: unknown): ProfileErasure {
  const profileId = (payload as { profileId?: unknown } | null)?.profileId;
  if (typeof profileId !== 'string' || profileId.length === 0) {
    throw new InvalidEventError('an erase needs a profileId');
  }
  return { profileId };
}

/** checks a job read back from a queue; the queue is a process boundary, so nothing is trusted */
export function parseJob(name: string, payload: unknown): AnalyticsJob {
  switch (name) {
    case 'analytics.ingest-batch':
      return { name, payload: parseEventBatch(payload) };
    case 'analytics.erase-profile':
      return { name, payload: parseProfileErasure(payload) };
    default:
      throw new InvalidEventError(`unknown job ${name}`);
  }
}

export type JobHandler<N extends AnalyticsJobName> = (payload: AnalyticsJobs[N]) => Promise<void>;

export type JobHandlers = { [N in AnalyticsJobName]: JobHandler<N> };

export interface JobRegistration {
  name: string;
  handler: (payload: never) => Promise<void>;
}

export class JobRegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobRegistryError';
  }
}

/**
 * checked at start-up: every known job has exactly one handler and nothing unknown is registered, so a
 * worker that cannot process a job never starts taking them.
 */
export function buildJobHandlers(registrations: JobRegistration[]): JobHandlers {
  const seen = new Map<string, JobRegistration['handler']>();
  for (const { name, handler } of registrations) {
    if (!ANALYTICS_JOB_NAMES.includes(name as AnalyticsJobName)) {
      throw new JobRegistryError(`a handler is registered for the unknown job "${name}"`);
    }
    if (seen.has(name)) throw new JobRegistryError(`two handlers are registered for the job "${name}"`);
    seen.set(name, handler);
  }
  const missing = ANALYTICS_JOB_NAMES.filter((name) => !seen.has(name));
  if (missing.length > 0) throw new JobRegistryError(`no handler for the job(s) ${missing.join(', ')}`);
  return Object.fromEntries(seen) as unknown as JobHandlers;
}

/** hands a job to its handler */
export function runJob(handlers: JobHandlers, job: AnalyticsJob): Promise<void> {
  switch (job.name) {
    case 'analytics.ingest-batch':
      return handlers[job.name](job.payload);
    case 'analytics.erase-profile':
      return handlers[job.name](job.payload);
  }
}
