import type {
  CardTemplateResponse,
  TeamCardResponse,
  TeamInvitationResponse,
  TeamMemberResponse,
  TeamResponse,
  TeamRole,
} from '@cardcraft/contracts';
import type {
  CardTemplateRecord,
  MembershipRecord,
  ProfileRecord,
  TeamInvitationRecord,
  TeamRecord,
  UserRecord,
} from '@cardcraft/storage';

/** a user who left (or an account deleted since) is named so, not left blank */
export const FORMER_MEMBER = 'A former member';

export function toTeamResponse(team: TeamRecord, role: TeamRole): TeamResponse {
  return {
    id: team.id,
    name: team.name,
    brand: { ...team.brand },
    role,
    requireSecondFactor: team.requireSecondFactor,
    createdAtUtc: team.createdAt.toISOString(),
  };
}

export function toMemberResponse(
  membership: MembershipRecord,
  user: UserRecord | undefined,
  cardCount: number,
  secondFactor: boolean,
): TeamMemberResponse {
  return {
    userId: membership.userId,
    email: user?.email ?? '',
    displayName: user?.displayName ?? FORMER_MEMBER,
    role: membership.role,
    joinedAtUtc: membership.joinedAt.toISOString(),
    cardCount,
    secondFactor,
  };
}

export function toInvitationResponse(
  invitation: TeamInvitationRecord,
  invitedByName: string,
  now: Date,
): TeamInvitationResponse {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    name: invitation.name,
    title: invitation.title,
    phone: invitation.phone,
    templateId: invitation.templateId,
    invitedByName,
    createdAtUtc: invitation.createdAt.toISOString(),
    expiresAtUtc: invitation.expiresAt.toISOString(),
    expired: invitation.expiresAt.getTime() <= now.getTime(),
  };
}

export function toTemplateResponse(template: CardTemplateRecord, cardCount: number): CardTemplateResponse {
  return {
    id: template.id,
    teamId: template.teamId,
    name: template.name,
    content: structuredClone(template.content),
    lockedFields: [...template.lockedFields],
    cardCount,
    createdAtUtc: template.createdAt.toISOString(),
    updatedAtUtc: template.updatedAt.toISOString(),
  };
}

export function toTeamCardResponse(profile: ProfileRecord, holder: UserRecord | undefined): TeamCardResponse {
  return {
    profileId: profile.id,
    handle: profile.handle,
    displayName: profile.displayName,
    tagline: profile.tagline,
    published: profile.published,
    templateId: profile.templateId,
    holder: {
      userId: profile.ownerId,
      displayName: holder?.displayName ?? FORMER_MEMBER,
      email: holder?.email ?? '',
    },
    updatedAtUtc: profile.updatedAt.toISOString(),
  };
}

/** the users of these ids, by id, in one read */
export async function usersById(
  users: { findByIds(ids: readonly string[]): Promise<UserRecord[]> },
  ids: Iterable<string>,
): Promise<Map<string, UserRecord>> {
  const unique = [...new Set(ids)];
  return new Map((await users.findByIds(unique)).map((user) => [user.id, user]));
}
