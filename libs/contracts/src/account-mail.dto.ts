// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  Validate,
  ValidateIf,
} from 'class-validator';
import { IsTimeZoneConstraint } from './analytics-query';
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

/** how often the owner gets the analytics report by e-mail */
export const ANALYTICS_REPORT_FREQUENCIES = ['off', 'weekly', 'monthly'] as const;
export type AnalyticsReportFrequency = (typeof ANALYTICS_REPORT_FREQUENCIES)[number];
/** a card's visits in an hour at this many times its usual hour send an alert (null: no alerts) */
export const TRAFFIC_ALERT_MULTIPLES = [2, 3, 5, 10] as const;
export type TrafficAlertMultiple = (typeof TRAFFIC_ALERT_MULTIPLES)[number];

export const AccountSettingsMessages = {
  timeZone: 'Choose a time zone such as Europe/Berlin',
  report: 'The report is off, weekly or monthly',
  alert: 'The alert is off or 2, 3, 5 or 10 times the usual visits',
} as const;

/** PATCH /api/account/settings: only what is sent changes */
export class UpdateAccountSettingsDto {
  /** an e-mail to the owner for each new message left on one of the owner's cards */
  // not IsOptional, which lets null through too: only a missing field is left alone
  @ValidateIf((_, value) => value !== undefined)
  @IsBoolean({ message: 'notifyOnMessages must be true or false' })
  notifyOnMessages?: boolean;

  /** the IANA time zone the dashboard, the reports and the CSV files count days in; null: the browser's */
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @Validate(IsTimeZoneConstraint, { message: AccountSettingsMessages.timeZone })
  timeZone?: string | null;

  @ValidateIf((_, value) => value !== undefined)
  @IsIn(ANALYTICS_REPORT_FREQUENCIES, { message: AccountSettingsMessages.report })
  analyticsReport?: AnalyticsReportFrequency;

  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsIn(TRAFFIC_ALERT_MULTIPLES, { message: AccountSettingsMessages.alert })
  trafficAlertMultiple?: TrafficAlertMultiple | null;
}

/** GET and PATCH /api/account/settings */
export interface AccountSettingsResponse {
  notifyOnMessages: boolean;
  /** null until the owner picks one: the dashboard uses the browser's zone meanwhile */
  timeZone: string | null;
  analyticsReport: AnalyticsReportFrequency;
  trafficAlertMultiple: TrafficAlertMultiple | null;
}
