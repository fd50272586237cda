import type { EventBatch } from './events';

/** every job the analytics queue carries, with its payload type (STYLE.md 3) */
export interface AnalyticsJobs {
  'analytics.ingest-batch': EventBatch;
}

export type AnalyticsJobName = keyof AnalyticsJobs;

export const ANALYTICS_JOB_NAMES: readonly AnalyticsJobName[] = ['analytics.ingest-batch'];

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
