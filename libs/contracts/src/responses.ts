import type { HandleAvailability } from './handles';
import type { BlockType } from './blocks';
import type { EventType } from './analytics.dto';
import type { AnalyticsComparison, AnalyticsFilters } from './analytics-query';
import type { Layout, Theme } from './themes';
import type { MessageFieldsResponse } from './message-fields';
import type { CardExchangeSettings, CardQuestion, LeadAnswer } from './question-rules';
import type { CardBrand, CardTeamResponse } from './card-team';
import type { LeadStatus } from './lead-work.dto';

export interface FieldError {
  field: string;
  message: string;
}

/** the one error shape of the API */
export interface ErrorResponse {
  error: string;
  errors?: FieldError[];
}

export interface SessionResponse {
  accessToken: string;
  expiresAtUtc: string;
  userId: string;
  email: string;
  displayName: string;
}

export interface UserResponse {
  userId: string;
  email: string;
  displayName: string;
  createdAtUtc: string;
  /** the owner is e-mailed for each new message (Settings) */
  notifyOnMessages: boolean;
}

export interface ContactResponse {
  email: string | null;
  phoneNumber: string | null;
  company: string | null;
  location: string | null;
  website: string | null;
}

export interface MediaResponse {
  avatarUrl: string | null;
  bannerUrl: string | null;
  ogImageUrl: string | null;
}

export interface PrivacyResponse {
  collectGeo: boolean;
  collectIp: boolean;
  showIdentifiedViewers: boolean;
  allowMessages: boolean;
  /** the extra fields (name, phone, company) the message form asks for */
  messageFields: MessageFieldsResponse;
  /** the owner's own questions on the message form, in their order (up to 5) */
  questions: CardQuestion[];
  /** "Send me your card": offered on the form, and the follow-up text the mail carries */
  cardExchange: CardExchangeSettings;
}

export interface SocialLinkResponse {
  provider: string;
  label: string | null;
  url: string;
  highlight: boolean;
  order: number;
}

export interface BlockResponse {
  id: string;
  type: BlockType;
  title: string;
  subtitle: string | null;
  payloadJson: string | null;
  visible: boolean;
  order: number;
}

/** GET /api/profiles/handle-availability */
export interface HandleAvailabilityResponse {
  handle: string;
  status: HandleAvailability;
  /** the sentence to show under the field */
  message: string;
}

/**
 * a profile as its owner edits it: the one shape of a card's content. the answers below, the
 * storage's records, the editor's form and the body it sends (ProfileInputDto's JSON, where the server
 * also fills a missing order or block id) are all made of it.
 */
export interface ProfileContent {
  handle: string;
  displayName: string;
  tagline: string | null;
  bio: string | null;
  published: boolean;
  theme: Theme;
  layout: Layout;
  contact: ContactResponse;
  media: MediaResponse;
  privacy: PrivacyResponse;
  socialLinks: SocialLinkResponse[];
  blocks: BlockResponse[];
}

export interface ProfileResponse extends ProfileContent {
  id: string;
  /** the member who holds the card: its owner, or for a team card the member it was given to */
  ownerId: string;
  /** the card's team, its template and what the template locks; null for a personal card */
  team: CardTeamResponse | null;
  publishedAtUtc: string | null;
  createdAtUtc: string;
  updatedAtUtc: string;
}

export type ViewerType = 'owner' | 'user' | 'guest';

/**
 * what the public page needs; nothing private (no owner e-mail, no privacy settings beyond what a
 * visitor should know: whether messages are open and whether the owner sees who visited)
 */
export interface PublicProfileResponse extends Omit<
  ProfileResponse,
  'privacy' | 'createdAtUtc' | 'updatedAtUtc' | 'team'
> {
  /** a team card's brand; null for a personal card */
  brand: CardBrand | null;
  allowMessages: boolean;
  /** the extra fields the message form asks a visitor for */
  messageFields: MessageFieldsResponse;
  /** the owner's own questions, in their order */
  questions: CardQuestion[];
  /** the form offers "Send me your card" (the owner's follow-up text stays private) */
  offersCardExchange: boolean;
  /** the owner sees signed-in visitors by name in their visitor list; the card tells such a visitor */
  ownerSeesVisitorNames: boolean;
  /** visible blocks only, by order */
  blocks: BlockResponse[];
  viewerType: ViewerType;
  isOwner: boolean;
}

export interface QrResponse {
  qrCode: string;
  profileUrl: string;
}

export interface LeadResponse {
  id: string;
  profileId: string;
  email: string;
  message: string | null;
  /** the extra fields, when the form asked for them and the visitor filled them in */
  name: string | null;
  phone: string | null;
  company: string | null;
  consent: boolean;
  consentText: string;
  visitorUserId: string | null;
  /** the answers to the card's questions, each with the question as it was asked */
  answers: LeadAnswer[];
  /** the visitor ticked "Send me your card"; null when the form did not offer it or it was not ticked */
  cardExchange: LeadCardExchangeResponse | null;
  createdAtUtc: string;
  status: LeadStatus;
  tags: string[];
  /** the owner's private note; never shown to the visitor */
  note: string | null;
  updatedAtUtc: string;
  /** when the status last changed; null while it never has */
  statusChangedAtUtc: string | null;
  followUp: LeadFollowUpResponse;
}

/** a lead of the account-wide list, with the card it was left on */
export interface AccountLeadResponse extends LeadResponse {
  cardHandle: string;
  cardDisplayName: string;
}

/** what a visitor gets back for the message they left: none of the owner's work on it */
export type SentLeadResponse = Omit<
  LeadResponse,
  'status' | 'tags' | 'note' | 'updatedAtUtc' | 'statusChangedAtUtc' | 'followUp'
>;

/**
 * what the visitor did on the card the same UTC day as the message, and how much it argues for a
 * prompt follow-up. signals: read from the day's events; notCollected: the card did not collect
 * visitor addresses, so the visit cannot be told apart; unavailable: the analytics could not be read
 */
export interface LeadFollowUpResponse {
  state: 'signals' | 'notCollected' | 'unavailable';
  score: number;
  /** short phrases, strongest first: "Saved your contact", "Viewed twice", "Clicked a link" */
  reasons: string[];
}

/** refused: the change would break a rule of the lead (its error says which) */
export type BulkLeadOutcome = 'updated' | 'unchanged' | 'deleted' | 'notFound' | 'refused';

export interface BulkLeadsResponse {
  results: Array<{ id: string; outcome: BulkLeadOutcome; error?: string }>;
  /** leads changed or deleted */
  changed: number;
}

export interface LeadCardExchangeResponse {
  /** the checkbox's words as the visitor saw them */
  consentText: string;
  consentedAtUtc: string;
  /** the card was e-mailed; false when the address had already had it (or its cards) today */
  cardSent: boolean;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface TimeSeriesPoint {
  bucketUtc: string;
  visits: number;
  uniqueVisitors: number;
}

export interface VisitSummaryResponse {
  totalVisits: number;
  uniqueVisitors: number;
  authenticatedVisits: number;
  guestVisits: number;
  visitsByCountry: Record<string, number>;
  visitsByDevice: Record<string, number>;
  visitsByReferrer: Record<string, number>;
  engagement: Partial<Record<EventType, number>>;
  timeSeries: { granularity: 'hour' | 'day'; points: TimeSeriesPoint[] };
  /** how visitors arrived: qr, share, email, nfc (the src of the card's address), campaign, referral, direct */
  visitsByChannel: Record<string, number>;
  /** viewed, then saved or shared, then clicked a link, e-mail or call, then sent a message */
  funnel: FunnelStep[];
  /** link clicks by address, most first */
  clicksByLink: LinkClicks[];
  /** link clicks by the card's part that holds the address: a block, a social link, the website */
  clicksByBlock: BlockClicks[];
  /** the period of the same length just before the selected one */
  comparison: PeriodComparison;
  /** uniques come from mergeable estimates: exact below a few thousand visitors, else close */
  uniqueVisitorsAccuracy: UniqueVisitorsAccuracy;
  /** the IANA time zone the series' days and hours are counted in */
  timeZone: string;
  /** the filters every figure of the answer is narrowed to ({} : none) */
  filters: AnalyticsFilters;
  visitsByCity: Record<string, number>;
  visitsByBrowser: Record<string, number>;
  visitsByUtmSource: Record<string, number>;
  visitsByUtmMedium: Record<string, number>;
  visitsByUtmCampaign: Record<string, number>;
}

export type FunnelStepName = 'viewed' | 'saved_or_shared' | 'clicked' | 'messaged';

export interface FunnelStep {
  step: FunnelStepName;
  /** distinct visitors who did this step's events */
  visitors: number;
  /** visitors / the viewed step's visitors, 0 to 1; null when nobody viewed */
  shareOfViewers: number | null;
}

export interface LinkClicks {
  target: string;
  clicks: number;
  /** distinct visitors who clicked it */
  uniqueClicks: number;
  /** clicks ÷ views of the range, 0 and up; null without views */
  clickRate: number | null;
}

export interface BlockClicks {
  /** a block id, or 'social:{platform}', 'website' */
  id: string;
  kind: 'block' | 'social' | 'website';
  label: string;
  clicks: number;
  uniqueClicks: number;
  clickRate: number | null;
}

export interface PeriodFigures {
  fromUtc: string;
  toUtc: string;
  visits: number;
  uniqueVisitors: number;
  saves: number;
  messages: number;
}

export interface PeriodComparison {
  /** the period before of the same length, or the same dates a year before */
  kind: AnalyticsComparison;
  previous: PeriodFigures;
  /** change from the previous period in per cent, one decimal; null when the previous one was 0 */
  changePercent: {
    visits: number | null;
    uniqueVisitors: number | null;
    saves: number | null;
    messages: number | null;
  };
}

export interface UniqueVisitorsAccuracy {
  /** true when every unique figure of the answer is below the size the estimate counts exactly */
  exact: boolean;
  exactBelow: number;
  /** the estimate's standard error beyond that, as a fraction (0.003: 0.3 %) */
  standardError: number;
}

export interface LiveVisitorsResponse {
  windowSeconds: number;
  visits: number;
  visitors: number;
  asOfUtc: string;
}

export interface VisitItem {
  id: string;
  visitorType: 'authenticated' | 'guest';
  visitorName: string | null;
  city: string | null;
  country: string | null;
  device: string | null;
  referrer: string | null;
  createdAtUtc: string;
}

export interface VisitListResponse {
  items: VisitItem[];
  nextCursor: string | null;
}

export interface HealthResponse {
  /** draining: the process is stopping and still answers, for SHUTDOWN_DRAIN_MS (readiness only) */
  status: 'ok' | 'unavailable' | 'draining';
  checks?: Record<string, 'up' | 'down'>;
  /** why it is unavailable, one sentence each */
  reasons?: string[];
  /** the analytics pipeline's figures */
  analytics?: {
    /** events in the api process's memory */
    buffered: number;
    /** jobs on the queue not yet stored; null when the queue did not answer */
    backlog: number | null;
    /** ms since a batch was last stored, while jobs wait */
    lastInsertAgeMs: number | null;
    /** batches spilled to the journal while the queue was unreachable */
    journal: { batches: number; events: number } | null;
    /** free bytes of the data directory */
    diskFreeBytes: number | null;
  };
}
