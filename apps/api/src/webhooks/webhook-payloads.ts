import { cardPaths, type LeadResponse, type WebhookPayloadType } from '@cardcraft/contracts';
import type { LeadRecord, ProfileRecord } from '@cardcraft/storage';
import { storedFollowUp } from '../leads/follow-up';
import { toLeadResponse } from '../leads/lead.mapper';

// what a delivery's body says: { type, timestamp, version, data }. the version changes only when a
// payload's shape changes in a way a receiver must know of; fields are only ever added within one.

export const PAYLOAD_VERSION = 1;

export interface WebhookCard {
  id: string;
  handle: string;
  displayName: string;
  /** the card's public page */
  url: string;
}

export function webhookCard(profile: ProfileRecord, baseUrl: string): WebhookCard {
  return {
    id: profile.id,
    handle: profile.handle,
    displayName: profile.displayName,
    url: `${baseUrl}${cardPaths(profile.handle).page}`,
  };
}

export function payloadBody(type: WebhookPayloadType, data: object, at: Date): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), version: PAYLOAD_VERSION, data });
}

/**
 * a lead as the API answers it (every field the leads have, as they gain them), with its card; its
 * follow-up as the lead holds it, since a delivery never waits on the analytics store
 */
export function leadData(
  lead: LeadRecord,
  card: WebhookCard,
  changes?: readonly string[],
): { lead: LeadResponse; card: WebhookCard; changes?: readonly string[] } {
  return { lead: toLeadResponse(lead, storedFollowUp(lead)), card, ...(changes ? { changes } : {}) };
}

const SAMPLE_CARD: WebhookCard = {
  id: '6650f0c2a1b2c3d4e5f60718',
  handle: 'ada',
  displayName: 'Ada Lovelace',
  url: 'https://cards.example.com/u/ada',
};

const SAMPLE_LEAD: LeadRecord = {
  id: '6650f1d3a1b2c3d4e5f60719',
  profileId: SAMPLE_CARD.id,
  email: 'grace@example.com',
  message: 'Loved your talk: can we meet next week?',
  name: 'Grace Hopper',
  phone: '+1 555 0100',
  company: 'Navy Labs',
  consent: true,
  consentText: 'I agree to receive a follow-up',
  visitorUserId: null,
  visitorKey: null,
  answers: [{ questionId: 'q-size', label: 'How big is your team?', kind: 'one_choice', value: '11-50' }],
  cardExchange: null,
  createdAt: new Date('2026-05-01T09:30:00.000Z'),
  status: 'new',
  tags: [],
  note: null,
  updatedAt: new Date('2026-05-01T09:30:00.000Z'),
  statusChangedAt: null,
  followUp: { views: 2, saves: 1, linkClicks: 0, shares: 0, calls: 0, emails: 0 },
};

/** an example of each event's data: the REST hooks' sample, and the docs' */
export function sampleData(type: WebhookPayloadType, baseUrl: string): object {
  const card = { ...SAMPLE_CARD, url: `${baseUrl}/u/${SAMPLE_CARD.handle}` };
  switch (type) {
    case 'lead.created':
      return leadData(SAMPLE_LEAD, card);
    case 'lead.updated':
      return leadData(SAMPLE_LEAD, card, ['status']);
    case 'contact.saved':
      return { card, savedAtUtc: '2026-05-01T09:31:00.000Z' };
    case 'card.published':
      return { card };
    case 'webhook.test':
      return testData(null);
  }
}

export function testData(endpointId: string | null): object {
  return { message: 'A test event sent from Cardcraft', endpointId };
}
