import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** one lead as a contact file (.vcf), built by the server */
export function downloadLeadVCard(profileId: string, leadId: string): Promise<Blob> {
  return api.get<Blob>(
    `/api/profiles/${encodeURIComponent(profileId)}/leads/${encodeURIComponent(leadId)}/vcard`,
    { responseType: 'blob', headers: { Accept: 'text/vcard' } },
  );
}

export function useLeadVCard() {
  return useMutation({
    mutationFn: ({ profileId, leadId }: { profileId: string; leadId: string }) =>
      downloadLeadVCard(profileId, leadId),
  });
}
