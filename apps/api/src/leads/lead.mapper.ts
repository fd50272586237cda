import type { LeadFollowUpResponse, LeadResponse, SentLeadResponse } from '@cardcraft/contracts';
import type { LeadRecord } from '@cardcraft/storage';

/** the lead as its owner reads it: what the visitor sent and the owner's work on it; the visitor's day key stays in the store */
export function toLeadResponse(lead: LeadRecord, followUp: LeadFollowUpResponse): LeadResponse {
  return {
    ...toSentLeadResponse(lead),
    status: lead.status,
    tags: lead.tags,
    note: lead.note,
    updatedAtUtc: lead.updatedAt.toISOString(),
    statusChangedAtUtc: lead.statusChangedAt?.toISOString() ?? null,
    followUp,
  };
}

/** the answer to the visitor who left the message */
export function toSentLeadResponse(lead: LeadRecord): SentLeadResponse {
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
