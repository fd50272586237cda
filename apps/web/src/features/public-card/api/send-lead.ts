import { useMutation } from '@tanstack/react-query';
import type { LeadResponse } from '@cardcraft/contracts/responses';
import { api } from '@/lib/api-client';

/** the message a visitor leaves (spec §3 'Message to owner') */
export interface LeadInput {
  email: string;
  message: string;
  consent: boolean;
  visitorUserId?: string | null;
}

export function sendLead(profileId: string, input: LeadInput): Promise<LeadResponse> {
  return api.post<LeadResponse>(`/api/profiles/${encodeURIComponent(profileId)}/leads`, {
    email: input.email.trim(),
    message: input.message.trim() ? input.message : null,
    consent: input.consent,
    ...(input.visitorUserId ? { visitorUserId: input.visitorUserId } : {}),
  });
}

export function useSendLead(profileId: string) {
  return useMutation({ mutationFn: (input: LeadInput) => sendLead(profileId, input) });
}
