import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  BulkLeadsDto,
  LeadsQueryDto,
  type AccountLeadResponse,
  type BulkLeadsResponse,
  type Page,
} from '@cardcraft/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentUserId } from '../auth/auth.guard';
import { KeyScope } from '../auth/key-scope';
import { AccountLeadsService } from './account-leads.service';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { leadsCsv } from './leads-csv';

/** the leads of every card the account holds, in one list */
@ApiTags('leads')
@ApiBearerAuth()
@Controller('leads')
export class AccountLeadsController {
  constructor(private readonly leads: AccountLeadsService) {}

  @Get()
  @KeyScope('leads:read')
  async list(
    @Query() query: LeadsQueryDto,
    @CurrentUserId() userId: string,
  ): Promise<Page<AccountLeadResponse>> {
    return this.leads.page(userId, query);
  }

  /** the leads the filters match as CSV, each row naming its card first */
  @Get('export')
  @KeyScope('leads:read')
  async export(
    @Query() query: LeadsQueryDto,
    @CurrentUserId() userId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const csv = await leadsCsv(['Card'], this.leads.csvRows(userId, query), ({ lead, card }) => ({
      lead,
      leading: [card],
    }));
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="leads.csv"');
    return csv;
  }

  /** the tags in use on the account's leads, by name */
  @Get('tags')
  @KeyScope('leads:read')
  async tags(@CurrentUserId() userId: string): Promise<string[]> {
    return this.leads.tags(userId);
  }

  /** one action on up to 500 leads of the account's cards, each id answered */
  @Post('bulk')
  @RateLimit('leadChanges')
  @HttpCode(200)
  async bulk(@Body() body: BulkLeadsDto, @CurrentUserId() userId: string): Promise<BulkLeadsResponse> {
    return this.leads.bulk(userId, body);
  }
}
