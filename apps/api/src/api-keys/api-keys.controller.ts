import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CreateApiKeyDto,
  RenameApiKeyDto,
  type ApiKeyResponse,
  type CreatedApiKeyResponse,
} from '@cardcraft/contracts';
import { CurrentUserId, RecentProof } from '../auth/auth.guard';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { TeamRoles } from '../teams/team-roles';
import { ApiKeysService } from './api-keys.service';

// no @KeyScope on either controller: keys are made, renamed and revoked with a session only, so a
// leaked key can neither make another nor outlive its revocation. making one asks for a recent proof
// of who the session's holder is: a session left open on a shared computer cannot mint a key

/** the signed-in account's own keys: they act for the account */
@ApiTags('api-keys')
@ApiBearerAuth()
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  list(@CurrentUserId() userId: string): Promise<ApiKeyResponse[]> {
    return this.keys.list({ userId });
  }

  @Post()
  @RecentProof()
  @RateLimit('apiKeyCreation')
  create(@CurrentUserId() userId: string, @Body() body: CreateApiKeyDto): Promise<CreatedApiKeyResponse> {
    return this.keys.create({ userId }, userId, body);
  }

  @Patch(':id')
  rename(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Body() body: RenameApiKeyDto,
  ): Promise<ApiKeyResponse> {
    return this.keys.rename({ userId }, id, body.name);
  }

  @Delete(':id')
  @HttpCode(204)
  revoke(@CurrentUserId() userId: string, @Param('id') id: string): Promise<void> {
    return this.keys.revoke({ userId }, id);
  }
}

/** a team's keys, its owners' and admins' to manage: they act for the team, whoever made them */
@ApiTags('api-keys')
@ApiBearerAuth()
@Controller('teams/:teamId/api-keys')
export class TeamApiKeysController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly roles: TeamRoles,
  ) {}

  @Get()
  async list(@CurrentUserId() userId: string, @Param('teamId') teamId: string): Promise<ApiKeyResponse[]> {
    await this.roles.admin(teamId, userId);
    return this.keys.list({ teamId });
  }

  @Post()
  @RecentProof()
  @RateLimit('apiKeyCreation')
  async create(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Body() body: CreateApiKeyDto,
  ): Promise<CreatedApiKeyResponse> {
    await this.roles.admin(teamId, userId);
    return this.keys.create({ teamId }, userId, body);
  }

  @Patch(':id')
  async rename(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Body() body: RenameApiKeyDto,
  ): Promise<ApiKeyResponse> {
    await this.roles.admin(teamId, userId);
    return this.keys.rename({ teamId }, id, body.name);
  }

  @Delete(':id')
  @HttpCode(204)
  async revoke(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.roles.admin(teamId, userId);
    await this.keys.revoke({ teamId }, id);
  }
}
