import type { AnalyticsJobName } from '../../jobs';

/** the job names as the queue table's `job` column holds them */
export const INGEST = 'analytics.ingest-batch' satisfies AnalyticsJobName;
export const ERASE = 'analytics.erase-profile' satisfies AnalyticsJobName;
