// the teams' answers: what the team routes send back (their bodies are the DTOs of team.dto.ts)
import type { TeamRole } from './card-team';
import type { LeadResponse, VisitSummaryResponse } from './responses';
import type { LockableField, TemplateContent } from './team-templates';

export interface TeamBrandResponse {
  companyName: string | null;
  logoUrl: string | null;
  bannerUrl: string | null;
  website: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
}

export interface TeamResponse {
  id: string;
  name: string;
  brand: TeamBrandResponse;
  /** the caller's role in the team */
  role: TeamRole;
  /** its people must sign in with two-step verification to reach it (PUT .../security, its owners') */
  requireSecondFactor: boolean;
  createdAtUtc: string;
}

export interface TeamMemberResponse {
  userId: string;
  email: string;
  displayName: string;
  role: TeamRole;
  joinedAtUtc: string;
  /** the team cards the member holds */
  cardCount: number;
  /** whether the member signs in with two-step verification: an authenticator app or a passkey */
  secondFactor: boolean;
}

export interface TeamInvitationResponse {
  id: string;
  email: string;
  role: TeamRole;
  name: string | null;
  title: string | null;
  phone: string | null;
  templateId: string | null;
  invitedByName: string;
  createdAtUtc: string;
  expiresAtUtc: string;
  /** expired invitations are listed until resent or revoked */
  expired: boolean;
}

/** POST /api/invitations/preview: what the invitee sees before joining */
export interface InvitationPreviewResponse {
  teamName: string;
  brand: TeamBrandResponse;
  email: string;
  role: TeamRole;
  invitedByName: string;
  expiresAtUtc: string;
}

export interface AcceptInvitationResponse {
  teamId: string;
  /** the card made for the member from the invitation's template, if it named one */
  profileId: string | null;
}

export interface BulkInviteRow {
  /** the row's line in the file, the header being line 1 */
  line: number;
  email: string;
  status: 'invited' | 'failed';
  /** why the row failed */
  error: string | null;
}

export interface BulkInviteResponse {
  invited: number;
  failed: number;
  rows: BulkInviteRow[];
}

export interface CardTemplateResponse {
  id: string;
  teamId: string;
  name: string;
  content: TemplateContent;
  lockedFields: LockableField[];
  /** the cards made from it */
  cardCount: number;
  createdAtUtc: string;
  updatedAtUtc: string;
}

export interface TeamCardHolder {
  userId: string;
  displayName: string;
  email: string;
}

export interface TeamCardResponse {
  profileId: string;
  handle: string;
  displayName: string;
  tagline: string | null;
  published: boolean;
  templateId: string | null;
  holder: TeamCardHolder;
  updatedAtUtc: string;
}

export interface TeamLeadResponse extends LeadResponse {
  cardHandle: string;
  cardDisplayName: string;
  holderId: string;
  holderName: string;
}

export interface TeamCardFigures {
  profileId: string;
  handle: string;
  displayName: string;
  holderId: string;
  holderName: string;
  visits: number;
  uniqueVisitors: number;
  saves: number;
  messages: number;
  /** (saves + messages) ÷ visits, 0 to 1; null without visits */
  conversion: number | null;
}

/** the team's analytics: the same widgets as a card's over every card in reach, and a row a card */
export interface TeamAnalyticsResponse {
  summary: VisitSummaryResponse;
  cards: TeamCardFigures[];
}
