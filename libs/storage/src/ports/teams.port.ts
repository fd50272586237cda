import type { LockableField, TeamBrandResponse, TeamRole, TemplateContent } from '@cardcraft/contracts';

export type TeamBrandRecord = TeamBrandResponse;

export interface TeamRecord {
  id: string;
  name: string;
  brand: TeamBrandRecord;
  /** its people must sign in with a second factor to reach it; false unless its owners turn it on */
  requireSecondFactor: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface MembershipRecord {
  teamId: string;
  userId: string;
  role: TeamRole;
  joinedAt: Date;
}

export interface TeamsRepository {
  /** the team and its first owner's membership, together */
  create(name: string, brand: TeamBrandRecord, ownerId: string): Promise<TeamRecord>;
  findById(id: string): Promise<TeamRecord | null>;
  /** null when the team does not exist */
  update(id: string, patch: { name: string; brand: TeamBrandRecord }): Promise<TeamRecord | null>;
  /** null when the team does not exist */
  setSecondFactorRequired(id: string, required: boolean): Promise<TeamRecord | null>;
  /** the team with its members, invitations and templates (its cards are deleted before, by the service) */
  delete(id: string): Promise<boolean>;
  /** the teams the user belongs to, with the user's role, oldest membership first */
  listForUser(userId: string): Promise<Array<{ team: TeamRecord; role: TeamRole }>>;
  membership(teamId: string, userId: string): Promise<MembershipRecord | null>;
  /** oldest first */
  listMembers(teamId: string): Promise<MembershipRecord[]>;
  /** the owner who joined first (a team always keeps one); null when the team does not exist */
  firstOwner(teamId: string): Promise<MembershipRecord | null>;
  /** throws DuplicateKeyError('member') when the user is already a member */
  addMember(teamId: string, userId: string, role: TeamRole): Promise<MembershipRecord>;
  /** null when the user is not a member */
  setRole(teamId: string, userId: string, role: TeamRole): Promise<MembershipRecord | null>;
  /** false when the user was not a member */
  removeMember(teamId: string, userId: string): Promise<boolean>;
}

/** a pending invitation; only a hash of its link's secret is stored */
export interface TeamInvitationRecord {
  id: string;
  teamId: string;
  /** lower-cased */
  email: string;
  role: TeamRole;
  /** what the member's first card is made with */
  name: string | null;
  title: string | null;
  phone: string | null;
  templateId: string | null;
  /** sha-256 of the link's secret, hex */
  tokenHash: string;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
}

export type NewTeamInvitation = Omit<TeamInvitationRecord, 'id' | 'createdAt'>;

export interface TeamInvitationsRepository {
  /** throws DuplicateKeyError('email') when the team has an invitation for that address already */
  create(invitation: NewTeamInvitation): Promise<TeamInvitationRecord>;
  findById(teamId: string, id: string): Promise<TeamInvitationRecord | null>;
  /** newest first, expired ones too */
  listByTeam(teamId: string): Promise<TeamInvitationRecord[]>;
  /** the invitation of this link, expired or not; null when unknown */
  findByTokenHash(tokenHash: string): Promise<TeamInvitationRecord | null>;
  /** a new link and expiry (a resend); null when not found */
  renew(teamId: string, id: string, tokenHash: string, expiresAt: Date): Promise<TeamInvitationRecord | null>;
  /**
   * takes the invitation of this link if it has not expired at `now`, and removes it, so of two callers
   * with the same link only one gets it; null when unknown, used, revoked or expired
   */
  consume(tokenHash: string, now: Date): Promise<TeamInvitationRecord | null>;
  /** a revocation; false when not found */
  delete(teamId: string, id: string): Promise<boolean>;
}

export interface CardTemplateData {
  name: string;
  content: TemplateContent;
  lockedFields: LockableField[];
}

export interface CardTemplateRecord extends CardTemplateData {
  id: string;
  teamId: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface CardTemplatesRepository {
  create(teamId: string, data: CardTemplateData): Promise<CardTemplateRecord>;
  /** null when not found in that team */
  findById(teamId: string, id: string): Promise<CardTemplateRecord | null>;
  /** oldest first */
  listByTeam(teamId: string): Promise<CardTemplateRecord[]>;
  update(teamId: string, id: string, data: CardTemplateData): Promise<CardTemplateRecord | null>;
  /** the cards made from it keep their content and lose the link (templateId null) */
  delete(teamId: string, id: string): Promise<boolean>;
}
