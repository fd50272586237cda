import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  buildLeadVCard,
  CreateLeadDto,
  leadVCardFileName,
  PageQueryDto,
  type LeadResponse,
  type Page,
} from '@cardcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { KeyScope } from '../auth/key-scope';
import { requestMeta } from '../platform/common/request-meta';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { toLeadResponse } from './lead.mapper';
import { leadCsvRow, leadsCsvHeader } from './leads-csv';
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
  ): Promise<LeadResponse> {
    return toLeadResponse(await this.leads.create(profileId, body, viewerUserId, requestMeta(request)));
  }

  @Get()
  @ApiBearerAuth()
  @KeyScope('leads:read', { team: 'card-param' })
  async list(
    @Param('id') profileId: string,
    @Query() query: PageQueryDto,
    @CurrentUserId() userId: string,
  ): Promise<Page<LeadResponse>> {
    const { items, total } = await this.leads.list(profileId, userId, query.page, query.pageSize);
    return { items: items.map(toLeadResponse), page: query.page, pageSize: query.pageSize, total };
  }

  @Get('export')
  @ApiBearerAuth()
  @KeyScope('leads:read', { team: 'card-param' })
  async export(
    @Param('id') profileId: string,
    @CurrentUserId() userId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const rows = [leadsCsvHeader()];
    for await (const lead of this.leads.all(profileId, userId)) rows.push(leadCsvRow(lead));
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${profileId}.csv"`);
    return rows.join('');
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
    const { lead, profileDisplayName } = await this.leads.one(profileId, leadId, userId);
    const response = toLeadResponse(lead);
    void reply
      .header('content-type', 'text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="${leadVCardFileName(response)}"`)
      .header('cache-control', 'no-store');
    return buildLeadVCard({ ...response, profileDisplayName });
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
