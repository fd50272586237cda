import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CardTemplateInputDto,
  CreateTeamDto,
  RemoveMemberDto,
  TeamSecurityDto,
  UpdateMemberDto,
  UpdateTeamDto,
  type CardTemplateResponse,
  type TeamMemberResponse,
  type TeamResponse,
  type TeamSecurityResponse,
} from '@cardcraft/contracts';
import { CurrentUserId } from '../auth/auth.guard';
import { CardTemplatesService } from './card-templates.service';
import { TeamRoles } from './team-roles';
import { toMemberResponse, toTeamResponse, toTemplateResponse } from './team.mapper';
import { TeamsService } from './teams.service';

@ApiTags('teams')
@ApiBearerAuth()
@Controller('teams')
export class TeamsController {
  constructor(
    private readonly teams: TeamsService,
    private readonly roles: TeamRoles,
    private readonly templates: CardTemplatesService,
  ) {}

  @Post()
  async create(@CurrentUserId() userId: string, @Body() body: CreateTeamDto): Promise<TeamResponse> {
    return toTeamResponse(await this.teams.create(userId, body), 'owner');
  }

  /** the caller's teams, with the caller's role in each */
  @Get()
  async list(@CurrentUserId() userId: string): Promise<TeamResponse[]> {
    return (await this.teams.listForUser(userId)).map(({ team, role }) => toTeamResponse(team, role));
  }

  @Get(':teamId')
  async get(@CurrentUserId() userId: string, @Param('teamId') teamId: string): Promise<TeamResponse> {
    const { team, membership } = await this.roles.member(teamId, userId);
    return toTeamResponse(team, membership.role);
  }

  @Patch(':teamId')
  async update(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Body() body: UpdateTeamDto,
  ): Promise<TeamResponse> {
    const team = await this.teams.update(teamId, userId, body);
    return toTeamResponse(team, (await this.roles.member(teamId, userId)).membership.role);
  }

  /** an owner's act: the team's cards go too, with their leads and analytics */
  @Delete(':teamId')
  @HttpCode(204)
  async delete(@CurrentUserId() userId: string, @Param('teamId') teamId: string): Promise<void> {
    await this.teams.delete(teamId, userId);
  }

  @Get(':teamId/members')
  async members(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
  ): Promise<TeamMemberResponse[]> {
    const { members, users, cards, secured } = await this.teams.members(teamId, userId);
    const byId = new Map(users.map((user) => [user.id, user]));
    return members.map((member) =>
      toMemberResponse(
        member,
        byId.get(member.userId),
        cards.filter((card) => card.ownerId === member.userId).length,
        secured.has(member.userId),
      ),
    );
  }

  /** an owner's: whether the team's people must sign in with two-step verification */
  @Put(':teamId/security')
  async security(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Body() body: TeamSecurityDto,
  ): Promise<TeamSecurityResponse> {
    const team = await this.teams.setSecondFactorRequired(teamId, userId, body.requireSecondFactor);
    return { requireSecondFactor: team.requireSecondFactor };
  }

  @Patch(':teamId/members/:userId')
  async changeRole(
    @CurrentUserId() actorId: string,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
    @Body() body: UpdateMemberDto,
  ): Promise<TeamMemberResponse> {
    await this.teams.changeRole(teamId, actorId, userId, body.role);
    const { members, users, cards, secured } = await this.teams.members(teamId, actorId);
    const member = members.find((one) => one.userId === userId)!;
    return toMemberResponse(
      member,
      users.find((user) => user.id === userId),
      cards.filter((card) => card.ownerId === userId).length,
      secured.has(userId),
    );
  }

  /** an admin removes a member, or a member leaves (their own id); their team cards stay the team's */
  @Delete(':teamId/members/:userId')
  @HttpCode(204)
  async removeMember(
    @CurrentUserId() actorId: string,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
    @Body() body: RemoveMemberDto,
  ): Promise<void> {
    await this.teams.removeMember(teamId, actorId, userId, body);
  }

  @Get(':teamId/templates')
  async templateList(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
  ): Promise<CardTemplateResponse[]> {
    return (await this.templates.list(teamId, userId)).map(({ template, cards }) =>
      toTemplateResponse(template, cards),
    );
  }

  @Post(':teamId/templates')
  async createTemplate(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Body() body: CardTemplateInputDto,
  ): Promise<CardTemplateResponse> {
    return toTemplateResponse(await this.templates.create(teamId, userId, body), 0);
  }

  @Get(':teamId/templates/:templateId')
  async template(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('templateId') templateId: string,
  ): Promise<CardTemplateResponse> {
    const { template, cards } = await this.templates.get(teamId, userId, templateId);
    return toTemplateResponse(template, cards);
  }

  /** every card made from the template takes the new values of its locked fields */
  @Put(':teamId/templates/:templateId')
  async updateTemplate(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('templateId') templateId: string,
    @Body() body: CardTemplateInputDto,
  ): Promise<CardTemplateResponse> {
    const { template, cards } = await this.templates.update(teamId, userId, templateId, body);
    return toTemplateResponse(template, cards);
  }

  @Delete(':teamId/templates/:templateId')
  @HttpCode(204)
  async deleteTemplate(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('templateId') templateId: string,
  ): Promise<void> {
    await this.templates.delete(teamId, userId, templateId);
  }
}
