import type { LeadResponse } from '@cardcraft/contracts';
import type { LeadRecord } from '@cardcraft/storage';

export function toLeadResponse(lead: LeadRecord): LeadResponse {
  return {
    id: lead.id,
    profileId: lead.profileId,
    email: lead.email,
    message: lead.message,
    name: lead.name,
    phone: lead.phone,
    company: lead.company,
    consent: lead.consent,
    consentText: lead.consentText,
    visitorUserId: lead.visitorUserId,
    answers: lead.answers.map((answer) => ({
      ...answer,
      value: Array.isArray(answer.value) ? [...answer.value] : answer.value,
    })),
    cardExchange: lead.cardExchange
      ? {
          consentText: lead.cardExchange.consentText,
          consentedAtUtc: lead.cardExchange.consentedAt.toISOString(),
          cardSent: lead.cardExchange.cardSent,
        }
      : null,
    createdAtUtc: lead.createdAt.toISOString(),
  };
}
