import type { LeadAnswer } from '@cardcraft/contracts';

/** the visitor ticked "Send me your card": the words they saw, when, and whether the card was mailed */
export interface LeadCardExchange {
  consentText: string;
  consentedAt: Date;
  cardSent: boolean;
}

export interface NewLead {
  profileId: string;
  email: string;
  message: string | null;
  /** the message form's extra fields; null when not asked for or left empty */
  name: string | null;
  phone: string | null;
  company: string | null;
  consent: boolean;
  consentText: string;
  visitorUserId: string | null;
  /** the answers to the card's questions, each with the question as it was asked */
  answers: LeadAnswer[];
  /** null when the form did not offer "Send me your card" or it was not ticked */
  cardExchange: LeadCardExchange | null;
}

export interface LeadRecord extends NewLead {
  id: string;
  createdAt: Date;
}

export interface PageRequest {
  offset: number;
  limit: number;
}

export interface PageResult<T> {
  items: T[];
  total: number;
}

export interface LeadsRepository {
  create(lead: NewLead): Promise<LeadRecord>;
  /** newest first */
  listByProfile(profileId: string, page: PageRequest): Promise<PageResult<LeadRecord>>;
  /** the leads of any of these cards, newest first: a team's inbox */
  listByProfiles(profileIds: readonly string[], page: PageRequest): Promise<PageResult<LeadRecord>>;
  /** null when the lead does not exist on that profile */
  findOne(profileId: string, leadId: string): Promise<LeadRecord | null>;
  /** false when the lead does not exist on that profile */
  delete(profileId: string, leadId: string): Promise<boolean>;
}
