// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { IsBoolean, IsEmail, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ExtraMessages, Limits, Messages } from './messages';
import { LowerCaseTrim, Trim } from './transforms';

/** the words of the forgot-password, reset and e-mail change screens and answers */
export const AccountMailMessages = {
  resetRequested: 'If an account exists for that address, we sent it a link to reset the password.',
  resetLinkInvalid: 'This link has expired or was already used. Ask for a new one.',
  resetDone: 'Your password is changed. Sign in with the new one.',
  emailLinkInvalid: 'This link has expired or was already used. Change the address again in Settings.',
  emailChangeSent: 'We sent a link to the new address. The change applies when you open it.',
  emailChanged: 'Your e-mail address is changed.',
  sameEmail: 'This is already your e-mail address',
  token: 'This link is not complete',
} as const;

/** a reset or confirmation token as the links carry it: 43 base64url characters (32 random bytes) */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export class ForgotPasswordDto {
  @LowerCaseTrim()
  @IsEmail({}, { message: Messages.loginEmail })
  @MaxLength(Limits.shortTextMax, { message: Messages.loginEmail })
  email!: string;
}

export class ResetPasswordDto {
  @Trim()
  @IsString({ message: AccountMailMessages.token })
  @Matches(TOKEN, { message: AccountMailMessages.token })
  token!: string;

  @IsString({ message: Messages.registerPassword })
  @MinLength(Limits.passwordMin, { message: Messages.registerPassword })
  @MaxLength(Limits.passwordMax, { message: ExtraMessages.passwordTooLong })
  newPassword!: string;
}

export class ChangeEmailDto {
  @LowerCaseTrim()
  @IsEmail({}, { message: Messages.registerEmail })
  @MaxLength(Limits.shortTextMax, { message: Messages.registerEmail })
  newEmail!: string;

  @IsString({ message: ExtraMessages.currentPassword })
  @MinLength(1, { message: ExtraMessages.currentPassword })
  @MaxLength(Limits.passwordMax, { message: ExtraMessages.passwordTooLong })
  currentPassword!: string;
}

export class ConfirmEmailDto {
  @Trim()
  @IsString({ message: AccountMailMessages.token })
  @Matches(TOKEN, { message: AccountMailMessages.token })
  token!: string;
}

export class UpdateAccountSettingsDto {
  /** an e-mail to the owner for each new message left on one of the owner's cards */
  @IsBoolean({ message: 'notifyOnMessages must be true or false' })
  notifyOnMessages!: boolean;
}

/** GET and PATCH /api/account/settings */
export interface AccountSettingsResponse {
  notifyOnMessages: boolean;
}
