import type { LeadFollowUpResponse } from '@cardcraft/contracts';
import type { LeadRecord, LeadSignals } from '@cardcraft/storage';

/**
 * what each thing a visitor did the day of their message weighs toward following them up first, and
 * the words the owner reads for it. saving the contact or tapping to call says the most (they meant
 * to keep or reach the owner); coming back to the card, a click, an e-mail tap or a share say less.
 */
const SIGNALS: ReadonlyArray<{
  weight: number;
  reason: (signals: LeadSignals) => string | null;
}> = [
  { weight: 3, reason: (s) => (s.saves > 0 ? 'Saved your contact' : null) },
  { weight: 3, reason: (s) => (s.calls > 0 ? 'Tapped to call you' : null) },
  {
    weight: 2,
    reason: (s) => (s.views >= 3 ? `Viewed ${s.views} times` : s.views === 2 ? 'Viewed twice' : null),
  },
  {
    weight: 2,
    reason: (s) =>
      s.linkClicks > 1 ? `Clicked ${s.linkClicks} links` : s.linkClicks === 1 ? 'Clicked a link' : null,
  },
  { weight: 1, reason: (s) => (s.emails > 0 ? 'Tapped to e-mail you' : null) },
  { weight: 1, reason: (s) => (s.shares > 0 ? 'Shared your card' : null) },
];

/** the follow-up score (0 to 12) and its reasons, strongest first, from a day's signals */
export function followUpOf(signals: LeadSignals): LeadFollowUpResponse {
  let score = 0;
  const reasons: string[] = [];
  for (const signal of SIGNALS) {
    const reason = signal.reason(signals);
    if (reason === null) continue;
    score += signal.weight;
    reasons.push(reason);
  }
  return { state: 'signals', score, reasons };
}

export const NOT_COLLECTED: LeadFollowUpResponse = { state: 'notCollected', score: 0, reasons: [] };
export const UNAVAILABLE: LeadFollowUpResponse = { state: 'unavailable', score: 0, reasons: [] };

/**
 * the follow-up as the lead itself holds it, without asking the analytics store: the kept signals once
 * the day is over, else unavailable (not counted yet), or not collected where the card keeps no key.
 * for what must not wait on the store (a webhook's payload)
 */
export function storedFollowUp(lead: Pick<LeadRecord, 'followUp' | 'visitorKey'>): LeadFollowUpResponse {
  if (lead.followUp) return followUpOf(lead.followUp);
  return lead.visitorKey === null ? NOT_COLLECTED : UNAVAILABLE;
}
