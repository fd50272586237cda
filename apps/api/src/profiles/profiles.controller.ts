import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CreateProfileDto,
  HandleAvailabilityQueryDto,
  UpdateProfileDto,
  type HandleAvailabilityResponse,
  type ProfileResponse,
} from '@cardcraft/contracts';
import { CurrentUserId } from '../auth/auth.guard';
import { KeyScope } from '../auth/key-scope';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { ProfileViews } from './profile-views';
import { ProfilesService } from './profiles.service';

@ApiTags('profiles')
@ApiBearerAuth()
@Controller('profiles')
export class ProfilesController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly views: ProfileViews,
  ) {}

  @Get()
  @KeyScope('cards:manage')
  async list(@CurrentUserId() userId: string): Promise<ProfileResponse[]> {
    return this.views.many(await this.profiles.list(userId), userId);
  }

  @Post()
  @KeyScope('cards:manage')
  @RateLimit('cardCreation')
  async create(@CurrentUserId() userId: string, @Body() body: CreateProfileDto): Promise<ProfileResponse> {
    return this.views.one(await this.profiles.create(userId, body), userId);
  }

  /** declared before :id, which would take the path otherwise */
  @Get('handle-availability')
  @KeyScope('cards:manage')
  handleAvailability(
    @CurrentUserId() userId: string,
    @Query() query: HandleAvailabilityQueryDto,
  ): Promise<HandleAvailabilityResponse> {
    return this.profiles.handleAvailability(query.handle, userId, query.profileId);
  }

  @Get(':id')
  @KeyScope('cards:manage', { team: 'card-param' })
  async get(@CurrentUserId() userId: string, @Param('id') id: string): Promise<ProfileResponse> {
    return this.views.one(await this.profiles.getManaged(id, userId), userId);
  }

  /** a copy of the card, unpublished, under a free handle like ada-2; counts as a creation */
  @Post(':id/duplicate')
  @KeyScope('cards:manage', { team: 'card-param' })
  @RateLimit('cardCreation')
  async duplicate(@CurrentUserId() userId: string, @Param('id') id: string): Promise<ProfileResponse> {
    return this.views.one(await this.profiles.duplicate(id, userId), userId);
  }

  @Put(':id')
  @KeyScope('cards:manage', { team: 'card-param' })
  async update(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Body() body: UpdateProfileDto,
  ): Promise<ProfileResponse> {
    return this.views.one(await this.profiles.update(id, userId, body), userId);
  }

  @Delete(':id')
  @KeyScope('cards:manage', { team: 'card-param' })
  @HttpCode(204)
  async delete(@CurrentUserId() userId: string, @Param('id') id: string): Promise<void> {
    await this.profiles.delete(id, userId);
  }
}
