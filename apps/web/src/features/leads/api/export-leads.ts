import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** every lead of a profile as a CSV file */
export function exportLeads(profileId: string): Promise<Blob> {
  return api.get<Blob>(`/api/profiles/${encodeURIComponent(profileId)}/leads/export`, {
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  });
}

export function useExportLeads() {
  return useMutation({ mutationFn: (profileId: string) => exportLeads(profileId) });
}
