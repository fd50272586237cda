import { useMutation } from '@tanstack/react-query';
import { api, saveBlob } from '@/lib/api-client';
import { analyticsParams, type AnalyticsQuery } from './analytics-query';

export type AnalyticsExport = 'visits' | 'summary';

/** the visit list or the summary of the view (range, zone, filters) as a CSV file, saved on the device */
export async function exportAnalytics(
  profileId: string,
  query: AnalyticsQuery,
  days: { firstDay: string; lastDay: string },
  kind: AnalyticsExport,
): Promise<void> {
  const blob = await api.get<Blob>(`/api/profiles/${encodeURIComponent(profileId)}/analytics/${kind}.csv`, {
    query: analyticsParams(query),
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  const span = `${days.firstDay}_${days.lastDay}`;
  saveBlob(blob, kind === 'visits' ? `visits-${span}.csv` : `analytics-summary-${span}.csv`);
}

export function useExportAnalytics(
  profileId: string,
  query: AnalyticsQuery | null,
  days: { firstDay: string; lastDay: string },
) {
  return useMutation({
    mutationFn: (kind: AnalyticsExport) => {
      if (!query) return Promise.reject(new Error('The range is not ready yet'));
      return exportAnalytics(profileId, query, days, kind);
    },
  });
}
