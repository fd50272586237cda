// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ExtraMessages, Limits, Messages } from './messages';
import { TrimToNull } from './transforms';

export const AnalyticsShareMessages = {
  label: 'Keep the label under 100 characters',
  wrongPassword: 'This password is not right',
  notFound: 'This link was revoked or never existed',
  locked: 'This dashboard is protected by a password',
} as const;

/** POST /api/profiles/{id}/analytics/shares: a read-only link to the card's analytics */
export class CreateAnalyticsShareDto {
  /** a name the owner recognises it by ("For the board") */
  @TrimToNull()
  @IsOptional()
  @IsString({ message: AnalyticsShareMessages.label })
  @MaxLength(100, { message: AnalyticsShareMessages.label })
  label?: string | null;

  /** whoever opens the link must give it first; none: the link alone opens it */
  @IsOptional()
  @IsString({ message: Messages.registerPassword })
  @MinLength(Limits.passwordMin, { message: Messages.registerPassword })
  @MaxLength(Limits.passwordMax, { message: ExtraMessages.passwordTooLong })
  password?: string;
}

/** POST /api/shared/analytics/{token}/unlock */
export class UnlockAnalyticsShareDto {
  @IsString({ message: AnalyticsShareMessages.wrongPassword })
  @MinLength(1, { message: AnalyticsShareMessages.wrongPassword })
  @MaxLength(Limits.passwordMax, { message: AnalyticsShareMessages.wrongPassword })
  password!: string;
}

/** the owner's view of a shared link */
export interface AnalyticsShareResponse {
  id: string;
  profileId: string;
  label: string | null;
  /** the address to give out: {PUBLIC_BASE_URL}/share/{token} */
  url: string;
  hasPassword: boolean;
  createdAtUtc: string;
  lastViewedAtUtc: string | null;
}

/** GET /api/shared/analytics/{token}: what the shared page shows before its figures */
export interface SharedDashboardResponse {
  cardDisplayName: string;
  cardHandle: string;
  /** a password is asked and this browser has not given it yet */
  locked: boolean;
  /** the owner's time zone, the page's default (null: the visitor's browser's) */
  timeZone: string | null;
}
