import { Body, Controller, Delete, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ChangePasswordDto,
  DeleteAccountDto,
  UpdateAccountDto,
  type UserResponse,
} from '@cardcraft/contracts';
import { CurrentUserId } from '../auth/auth.guard';
import { toUserResponse } from '../auth/auth.service';
import { RateLimit } from '../throttling/rate-limit.guard';
import { AccountService } from './account.service';

@ApiTags('account')
@ApiBearerAuth()
@Controller('account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Patch()
  async update(@CurrentUserId() userId: string, @Body() body: UpdateAccountDto): Promise<UserResponse> {
    return toUserResponse(await this.account.update(userId, body));
  }

  @Post('password')
  @HttpCode(204)
  @RateLimit('passwordChange')
  async changePassword(@CurrentUserId() userId: string, @Body() body: ChangePasswordDto): Promise<void> {
    await this.account.changePassword(userId, body);
  }

  @Delete()
  @HttpCode(204)
  @RateLimit('accountDeletion')
  async delete(@CurrentUserId() userId: string, @Body() body: DeleteAccountDto): Promise<void> {
    await this.account.delete(userId, body.password);
  }
}
