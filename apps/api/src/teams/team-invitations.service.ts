import { Inject, Injectable } from '@nestjs/common';
import {
  InviteMemberDto,
  TeamLimits,
  TeamMessages,
  validateInput,
  type AcceptInvitationResponse,
  type BulkInviteDto,
  type BulkInviteResponse,
  type BulkInviteRow,
  type TeamRole,
} from '@cardcraft/contracts';
import {
  DuplicateKeyError,
  type TeamInvitationRecord,
  type TeamInvitationsRepository,
  type TeamRecord,
  type TeamsRepository,
  type UsersRepository,
} from '@cardcraft/storage';
import { hashLinkToken, newLinkToken } from '../platform/mail/link-tokens';
import { BadInputError, ConflictError, ForbiddenError, NotFoundError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { teamInvitationMail } from '../platform/mail/mail-templates';
import { MailService } from '../platform/mail/mail.service';
import { TEAM_INVITATIONS, TEAMS, USERS } from '../platform/storage/storage.tokens';
import { parseInviteCsv } from './bulk-invite-csv';
import { TeamCardsService } from './team-cards.service';
import { TeamRoles } from './team-roles';

const DAY_MS = 86_400_000;

/**
 * invitations: a single-use link by e-mail, good for a week, stored as a hash. the invitee signs up
 * or signs in with the invited address and joins; a card is made for them when the invitation names
 * a template.
 */
@Injectable()
export class TeamInvitationsService {
  constructor(
    @Inject(TEAM_INVITATIONS) private readonly invitations: TeamInvitationsRepository,
    @Inject(TEAMS) private readonly teams: TeamsRepository,
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly roles: TeamRoles,
    private readonly mail: MailService,
    private readonly cards: TeamCardsService,
  ) {}

  async list(teamId: string, userId: string): Promise<TeamInvitationRecord[]> {
    await this.roles.admin(teamId, userId);
    return this.invitations.listByTeam(teamId);
  }

  async invite(teamId: string, userId: string, input: InviteMemberDto): Promise<TeamInvitationRecord> {
    const { team, membership } = await this.roles.admin(teamId, userId);
    this.roles.assertMayGrant(membership.role, input.role);
    if (input.templateId) await this.cards.template(teamId, input.templateId);
    return this.send(team, userId, input);
  }

  /** every row invited alike; a row that fails says why and the others go on */
  async bulk(teamId: string, userId: string, input: BulkInviteDto): Promise<BulkInviteResponse> {
    const { team, membership } = await this.roles.admin(teamId, userId);
    this.roles.assertMayGrant(membership.role, input.role);
    if (input.templateId) await this.cards.template(teamId, input.templateId);
    const parsed = parseInviteCsv(input.csv);
    if ('error' in parsed) throw new BadInputError(parsed.error, [{ field: 'csv', message: parsed.error }]);
    const rows: BulkInviteRow[] = [];
    for (const row of parsed.rows) {
      const { value: dto, errors: problems } = validateInput(InviteMemberDto, {
        email: row.email,
        role: input.role,
        name: row.name,
        title: row.title,
        phone: row.phone,
        templateId: input.templateId,
      });
      if (problems.length > 0) {
        rows.push({ line: row.line, email: row.email, status: 'failed', error: problems[0].message });
        continue;
      }
      try {
        await this.send(team, userId, dto);
        rows.push({ line: row.line, email: dto.email, status: 'invited', error: null });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        rows.push({ line: row.line, email: dto.email, status: 'failed', error: error.message });
      }
    }
    const invited = rows.filter((row) => row.status === 'invited').length;
    return { invited, failed: rows.length - invited, rows };
  }

  /** a new link (the old one stops working) and a new week */
  async resend(teamId: string, userId: string, invitationId: string): Promise<TeamInvitationRecord> {
    const { team } = await this.roles.admin(teamId, userId);
    const { token, tokenHash } = newLinkToken();
    const renewed = await this.invitations.renew(teamId, invitationId, tokenHash, this.expiry());
    if (!renewed) throw new NotFoundError(TeamMessages.invitationNotFound);
    await this.mailLink(team, userId, renewed, token);
    return renewed;
  }

  async revoke(teamId: string, userId: string, invitationId: string): Promise<void> {
    await this.roles.admin(teamId, userId);
    if (!(await this.invitations.delete(teamId, invitationId))) {
      throw new NotFoundError(TeamMessages.invitationNotFound);
    }
  }

  /** what the link's page shows before anyone signs in; a used, revoked or expired link is invalid */
  async preview(token: string): Promise<{ invitation: TeamInvitationRecord; team: TeamRecord }> {
    const invitation = await this.invitations.findByTokenHash(hashLinkToken(token));
    const team = invitation ? await this.teams.findById(invitation.teamId) : null;
    if (!invitation || !team || invitation.expiresAt.getTime() <= Date.now()) {
      throw new NotFoundError(TeamMessages.invitationInvalid);
    }
    return { invitation, team };
  }

  /** joins the signed-in account to the team, if it is the invited address; the link is used up */
  async accept(token: string, userId: string): Promise<AcceptInvitationResponse> {
    const { invitation } = await this.preview(token);
    const user = await this.users.findById(userId);
    if (!user || user.email !== invitation.email) throw new ForbiddenError(TeamMessages.invitationOtherEmail);
    const taken = await this.invitations.consume(invitation.tokenHash, new Date());
    if (!taken) throw new NotFoundError(TeamMessages.invitationInvalid);
    try {
      await this.teams.addMember(taken.teamId, userId, taken.role);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      // already a member (joined by another invitation): the link is spent, nothing else changes
      return { teamId: taken.teamId, profileId: null };
    }
    // joined either way: a team at its cap of cards gives no first card, and its admins make room
    const card = taken.templateId
      ? await this.cards.firstCard(taken, user).catch((error: unknown) => {
          if (error instanceof ConflictError) return null;
          throw error;
        })
      : null;
    return { teamId: taken.teamId, profileId: card?.id ?? null };
  }

  private async send(
    team: TeamRecord,
    userId: string,
    input: InviteMemberDto,
  ): Promise<TeamInvitationRecord> {
    const existing = await this.users.findByEmail(input.email);
    if (existing && (await this.teams.membership(team.id, existing.id))) {
      throw new ConflictError(TeamMessages.alreadyMember, [
        { field: 'email', message: TeamMessages.alreadyMember },
      ]);
    }
    const { token, tokenHash } = newLinkToken();
    let invitation: TeamInvitationRecord;
    try {
      invitation = await this.invitations.create({
        teamId: team.id,
        email: input.email,
        role: input.role as TeamRole,
        name: input.name ?? null,
        title: input.title ?? null,
        phone: input.phone ?? null,
        templateId: input.templateId ?? null,
        tokenHash,
        invitedBy: userId,
        expiresAt: this.expiry(),
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      throw new ConflictError(TeamMessages.alreadyInvited, [
        { field: 'email', message: TeamMessages.alreadyInvited },
      ]);
    }
    await this.mailLink(team, userId, invitation, token);
    return invitation;
  }

  private async mailLink(
    team: TeamRecord,
    inviterId: string,
    invitation: TeamInvitationRecord,
    token: string,
  ): Promise<void> {
    const inviter = await this.users.findById(inviterId);
    // the secret travels in the fragment, which browsers never send: no server log holds it
    const link = `${this.config.publicBaseUrl}/invite#token=${token}`;
    this.mail.send(
      teamInvitationMail(
        invitation.email,
        team.name,
        inviter?.displayName ?? team.name,
        link,
        invitation.expiresAt,
      ),
    );
  }

  private expiry(): Date {
    return new Date(Date.now() + TeamLimits.invitationDays * DAY_MS);
  }
}
