import { useMutation } from '@tanstack/react-query';
import { api, saveBlob } from '@/lib/api-client';
import { periodRange } from '../utils/analytics-format';

export type AnalyticsExport = 'visits' | 'summary';

/** the visit list or the summary of the period as a CSV file, saved on the device */
export async function exportAnalytics(profileId: string, days: number, kind: AnalyticsExport): Promise<void> {
  const blob = await api.get<Blob>(`/api/profiles/${encodeURIComponent(profileId)}/analytics/${kind}.csv`, {
    query: periodRange(days),
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
  const day = new Date().toISOString().slice(0, 10);
  saveBlob(blob, kind === 'visits' ? `visits-${days}d-${day}.csv` : `analytics-summary-${days}d-${day}.csv`);
}

export function useExportAnalytics(profileId: string, days: number) {
  return useMutation({ mutationFn: (kind: AnalyticsExport) => exportAnalytics(profileId, days, kind) });
}
