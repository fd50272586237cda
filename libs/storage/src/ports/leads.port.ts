import type { LeadAnswer, LeadStatus } from '@cardcraft/contracts';

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
  /**
   * the visitor's key on this card for the UTC day of the message (the analytics' daily visitor hash),
   * to read what they did that day; null where the card does not collect it. dropped once the day's
   * follow-up signals are kept (followUp)
   */
  visitorKey: string | null;
  /** the answers to the card's questions, each with the question as it was asked */
  answers: LeadAnswer[];
  /** null when the form did not offer "Send me your card" or it was not ticked */
  cardExchange: LeadCardExchange | null;
}

/** what the visitor did on the card the day of the message, counted once the day is over */
export interface LeadSignals {
  views: number;
  saves: number;
  linkClicks: number;
  shares: number;
  calls: number;
  emails: number;
}

export interface LeadRecord extends NewLead {
  id: string;
  createdAt: Date;
  status: LeadStatus;
  /** as the owner typed them; two tags that differ only in case are one */
  tags: string[];
  note: string | null;
  updatedAt: Date;
  statusChangedAt: Date | null;
  /** the day's signals, kept once the day is over (they cannot change after); null until then */
  followUp: LeadSignals | null;
}

/** an owner's change to a lead: each field given replaces the stored one */
export interface LeadChanges {
  status?: LeadStatus;
  tags?: string[];
  note?: string | null;
}

/** which leads: always within some cards; each other field given narrows */
export interface LeadFilter {
  profileIds: readonly string[];
  status?: LeadStatus | null;
  /** one tag, without regard to case */
  tag?: string | null;
  /** received at or after */
  from?: Date | null;
  /** received before */
  to?: Date | null;
  /** found in the e-mail, name, company, message or note, without regard to case */
  text?: string | null;
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
  /** the leads the filter matches, newest first */
  search(filter: LeadFilter, page: PageRequest): Promise<PageResult<LeadRecord>>;
  /** the distinct tags of these cards' leads, by name without regard to case */
  tagsOf(profileIds: readonly string[]): Promise<string[]>;
  /** the leads of these ids that exist (unknown and malformed ids are left out), in no set order */
  findByIds(leadIds: readonly string[]): Promise<LeadRecord[]>;
  /** null when the lead does not exist on that profile */
  findOne(profileId: string, leadId: string): Promise<LeadRecord | null>;
  /**
   * applies the changes and sets updatedAt (statusChangedAt too when the status differs); null when
   * the lead does not exist on that profile
   */
  update(profileId: string, leadId: string, changes: LeadChanges): Promise<LeadRecord | null>;
  /** keeps a finished day's signals and forgets the visitor's key, which is no use after */
  keepFollowUp(profileId: string, leadId: string, signals: LeadSignals): Promise<void>;
  /** false when the lead does not exist on that profile */
  delete(profileId: string, leadId: string): Promise<boolean>;
}
