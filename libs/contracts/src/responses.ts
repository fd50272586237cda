import type { BlockType } from './blocks';
import type { EventType } from './analytics.dto';
import type { Layout, Theme } from './themes';

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

export interface ProfileResponse {
  id: string;
  ownerId: string;
  handle: string;
  displayName: string;
  tagline: string | null;
  bio: string | null;
  published: boolean;
  publishedAtUtc: string | null;
  theme: Theme;
  layout: Layout;
  contact: ContactResponse;
  media: MediaResponse;
  privacy: PrivacyResponse;
  socialLinks: SocialLinkResponse[];
  blocks: BlockResponse[];
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
  'privacy' | 'createdAtUtc' | 'updatedAtUtc'
> {
  allowMessages: boolean;
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
  consent: boolean;
  consentText: string;
  visitorUserId: string | null;
  createdAtUtc: string;
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
  status: 'ok' | 'unavailable';
  checks?: Record<string, 'up' | 'down'>;
}
