import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  buildLeadVCard,
  CreateLeadDto,
  LeadFiltersDto,
  leadVCardFileName,
  UpdateLeadDto,
  type LeadResponse,
  type Page,
  type SentLeadResponse,
} from '@cardcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { KeyScope } from '../auth/key-scope';
import { requestMeta } from '../platform/common/request-meta';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { toSentLeadResponse } from './lead.mapper';
import { leadsCsv } from './leads-csv';
import { LeadsService } from './leads.service';

@ApiTags('leads')
@Controller('profiles/:id/leads')
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  @Post()
  @OptionalAuth()
  @RateLimit('messages')
  async create(
    @Param('id') profileId: string,
    @Body() body: CreateLeadDto,
    @CurrentUserId() viewerUserId: string | null,
    @Req() request: FastifyRequest,
  ): Promise<SentLeadResponse> {
    return toSentLeadResponse(await this.leads.create(profileId, body, viewerUserId, requestMeta(request)));
  }

  @Get()
  @ApiBearerAuth()
  @KeyScope('leads:read', { team: 'card-param' })
  async list(
    @Param('id') profileId: string,
    @Query() query: LeadFiltersDto,
    @CurrentUserId() userId: string,
  ): Promise<Page<LeadResponse>> {
    return this.leads.list(profileId, userId, query);
  }

  @Get('export')
  @ApiBearerAuth()
  @KeyScope('leads:read', { team: 'card-param' })
  async export(
    @Param('id') profileId: string,
    @Query() query: LeadFiltersDto,
    @CurrentUserId() userId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const csv = await leadsCsv([], this.leads.all(profileId, userId, query), (lead) => ({
      lead,
      leading: [],
    }));
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${profileId}.csv"`);
    return csv;
  }

  /** one lead as a contact file, to save the visitor in the phone's or computer's contacts */
  @Get(':leadId/vcard')
  @ApiBearerAuth()
  @KeyScope('leads:read', { team: 'card-param' })
  async vcard(
    @Param('id') profileId: string,
    @Param('leadId') leadId: string,
    @CurrentUserId() userId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const { lead, profile } = await this.leads.one(profileId, leadId, userId);
    const response = toSentLeadResponse(lead);
    void reply
      .header('content-type', 'text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="${leadVCardFileName(response)}"`)
      .header('cache-control', 'no-store');
    return buildLeadVCard({ ...response, profileDisplayName: profile.displayName });
  }

  /** the holder or a team admin works the lead: its status, tags and private note */
  @Patch(':leadId')
  @RateLimit('leadChanges')
  @ApiBearerAuth()
  async update(
    @Param('id') profileId: string,
    @Param('leadId') leadId: string,
    @Body() body: UpdateLeadDto,
    @CurrentUserId() userId: string,
  ): Promise<LeadResponse> {
    return this.leads.update(profileId, leadId, userId, body);
  }

  @Delete(':leadId')
  @HttpCode(204)
  @ApiBearerAuth()
  async delete(
    @Param('id') profileId: string,
    @Param('leadId') leadId: string,
    @CurrentUserId() userId: string,
  ): Promise<void> {
    await this.leads.delete(profileId, leadId, userId);
  }
}
