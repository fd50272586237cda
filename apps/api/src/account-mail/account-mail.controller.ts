import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import {
  AccountMailMessages,
  ChangeEmailDto,
  ConfirmEmailDto,
  ForgotPasswordDto,
  ResetPasswordDto,
  UpdateAccountSettingsDto,
  type AccountSettingsResponse,
  type UserResponse,
} from '@cardcraft/contracts';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { toUserResponse } from '../auth/auth.service';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { AccountSettingsService } from './account-settings.service';
import { EmailChangeService } from './email-change.service';
import { PasswordResetService } from './password-reset.service';

/** forgot password: asking for a link, and setting a new password with it */
@ApiTags('auth')
@Controller('auth')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  /** the same answer whether the address has an account */
  @Post('forgot-password')
  @OptionalAuth()
  @HttpCode(202)
  @RateLimit('passwordReset', 'passwordResetPerAccount')
  forgot(@Body() body: ForgotPasswordDto): { message: string } {
    this.resets.request(body);
    return { message: AccountMailMessages.resetRequested };
  }

  @Post('reset-password')
  @OptionalAuth()
  @HttpCode(204)
  @RateLimit('passwordReset')
  async reset(@Body() body: ResetPasswordDto): Promise<void> {
    await this.resets.reset(body);
  }
}

/** the account's e-mail: its address (changed with a confirmation) and the notification setting */
@ApiTags('account')
@Controller('account')
export class AccountMailController {
  constructor(
    private readonly emailChanges: EmailChangeService,
    private readonly settings: AccountSettingsService,
  ) {}

  @Post('email')
  @HttpCode(202)
  @ApiBearerAuth()
  @ApiCookieAuth(SESSION_COOKIE)
  @RateLimit('emailChange')
  async changeEmail(
    @CurrentUserId() userId: string,
    @Body() body: ChangeEmailDto,
  ): Promise<{ message: string }> {
    await this.emailChanges.request(userId, body);
    return { message: AccountMailMessages.emailChangeSent };
  }

  /** opened from the e-mailed link, signed in or not */
  @Post('email/confirm')
  @OptionalAuth()
  @HttpCode(200)
  @RateLimit('passwordReset')
  async confirmEmail(@Body() body: ConfirmEmailDto): Promise<UserResponse> {
    return toUserResponse(await this.emailChanges.confirm(body));
  }

  @Get('settings')
  @ApiBearerAuth()
  @ApiCookieAuth(SESSION_COOKIE)
  getSettings(@CurrentUserId() userId: string): Promise<AccountSettingsResponse> {
    return this.settings.get(userId);
  }

  @Patch('settings')
  @ApiBearerAuth()
  @ApiCookieAuth(SESSION_COOKIE)
  updateSettings(
    @CurrentUserId() userId: string,
    @Body() body: UpdateAccountSettingsDto,
  ): Promise<AccountSettingsResponse> {
    return this.settings.update(userId, body);
  }
}
