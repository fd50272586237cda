import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  BulkInviteDto,
  InvitationTokenDto,
  InviteMemberDto,
  type AcceptInvitationResponse,
  type BulkInviteResponse,
  type InvitationPreviewResponse,
  type TeamInvitationResponse,
} from '@cardcraft/contracts';
import type { TeamInvitationRecord, UsersRepository } from '@cardcraft/storage';
import { Inject } from '@nestjs/common';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { USERS } from '../platform/storage/storage.tokens';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { TeamInvitationsService } from './team-invitations.service';
import { FORMER_MEMBER, toInvitationResponse, usersById } from './team.mapper';

@ApiTags('teams')
@ApiBearerAuth()
@Controller('teams/:teamId/invitations')
export class TeamInvitationsController {
  constructor(
    private readonly invitations: TeamInvitationsService,
    @Inject(USERS) private readonly users: UsersRepository,
  ) {}

  @Get()
  async list(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
  ): Promise<TeamInvitationResponse[]> {
    return this.answer(await this.invitations.list(teamId, userId));
  }

  /** an e-mail with a single-use link, good for a week */
  @Post()
  @RateLimit('teamInvitations')
  async invite(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Body() body: InviteMemberDto,
  ): Promise<TeamInvitationResponse> {
    return (await this.answer([await this.invitations.invite(teamId, userId, body)]))[0];
  }

  /** a CSV of people (email, name, title, phone), with a report of each row */
  @Post('bulk')
  @HttpCode(200)
  @RateLimit('teamInvitations')
  bulk(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Body() body: BulkInviteDto,
  ): Promise<BulkInviteResponse> {
    return this.invitations.bulk(teamId, userId, body);
  }

  @Post(':invitationId/resend')
  @HttpCode(200)
  @RateLimit('teamInvitations')
  async resend(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('invitationId') invitationId: string,
  ): Promise<TeamInvitationResponse> {
    return (await this.answer([await this.invitations.resend(teamId, userId, invitationId)]))[0];
  }

  @Delete(':invitationId')
  @HttpCode(204)
  async revoke(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('invitationId') invitationId: string,
  ): Promise<void> {
    await this.invitations.revoke(teamId, userId, invitationId);
  }

  private async answer(invitations: TeamInvitationRecord[]): Promise<TeamInvitationResponse[]> {
    const inviters = await usersById(
      this.users,
      invitations.map((invitation) => invitation.invitedBy),
    );
    const now = new Date();
    return invitations.map((invitation) =>
      toInvitationResponse(invitation, inviters.get(invitation.invitedBy)?.displayName ?? FORMER_MEMBER, now),
    );
  }
}

/** the invitation's link: the secret comes in the body, read by the page from the link's fragment */
@ApiTags('teams')
@Controller('invitations')
export class InvitationLinksController {
  constructor(
    private readonly invitations: TeamInvitationsService,
    @Inject(USERS) private readonly users: UsersRepository,
  ) {}

  /** what the invitee sees before signing in */
  @Post('preview')
  @HttpCode(200)
  @OptionalAuth()
  @RateLimit('invitationLinks')
  async preview(@Body() body: InvitationTokenDto): Promise<InvitationPreviewResponse> {
    const { invitation, team } = await this.invitations.preview(body.token);
    const inviter = await this.users.findById(invitation.invitedBy);
    return {
      teamName: team.name,
      brand: { ...team.brand },
      email: invitation.email,
      role: invitation.role,
      invitedByName: inviter?.displayName ?? FORMER_MEMBER,
      expiresAtUtc: invitation.expiresAt.toISOString(),
    };
  }

  @Post('accept')
  @HttpCode(200)
  @ApiBearerAuth()
  @RateLimit('invitationLinks')
  accept(
    @CurrentUserId() userId: string,
    @Body() body: InvitationTokenDto,
  ): Promise<AcceptInvitationResponse> {
    return this.invitations.accept(body.token, userId);
  }
}
