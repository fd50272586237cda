// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength, ValidateIf, ValidateNested } from 'class-validator';
import { ExtraMessages, Limits } from './messages';
import { PasskeyAnswerDto } from './passkeys';
import { SecondFactorMessages } from './second-factor';

/** one live sign-in of the account, as Settings lists it (GET /api/auth/sessions) */
export interface AccountSessionResponse {
  id: string;
  /** "Chrome on macOS"; "Unknown device" when the user agent says nothing we know */
  device: string;
  /** desktop, mobile or tablet, for the row's icon */
  deviceType: 'desktop' | 'mobile' | 'tablet';
  /** ISO 3166 alpha-2 of the address it signed in from; null when unknown */
  country: string | null;
  createdAtUtc: string;
  lastSeenAtUtc: string;
  /** the session this request came with */
  current: boolean;
}

export interface AccountSessionsResponse {
  /** the current session first, then the others, the last seen first */
  sessions: AccountSessionResponse[];
}

/** POST /api/auth/sessions/end-others */
export interface EndedSessionsResponse {
  ended: number;
}

/** POST /api/auth/sessions/end-from-mail: the link of a new sign-in's mail, which needs no sign-in */
export interface EndSessionFromMailResponse {
  /** false when the session had already ended (the link was used, or the owner signed out) */
  ended: boolean;
  message: string;
}

export const AccountSessionMessages = {
  notFound: 'Session not found',
  linkInvalid:
    'This link is not valid. Open the link in the e-mail again, or sign in and end the session in Settings.',
  ended: 'That session has ended. If it was not you, change your password now.',
  alreadyEnded: 'That session had already ended. If it was not you, change your password now.',
} as const;

export const ReauthenticationMessages = {
  /** the answer (403) of a route that needs a recent proof, when the session's is older */
  required: 'Confirm it is you: enter your password again to continue.',
  passwordRequired: 'Enter your password',
  wrongPassword: 'That password is not right',
  wrongCode: SecondFactorMessages.invalidCode,
} as const;

/**
 * POST /api/auth/reauthenticate: a fresh proof before what matters most, the password, a code of
 * the account's authenticator app (or a recovery code), or one of its passkeys
 */
export class ReauthenticateDto {
  @ValidateIf((body: ReauthenticateDto) => body.code === undefined && body.passkey === undefined)
  @IsString({ message: ReauthenticationMessages.passwordRequired })
  @MinLength(1, { message: ReauthenticationMessages.passwordRequired })
  @MaxLength(Limits.passwordMax, { message: ExtraMessages.passwordTooLong })
  password?: string;

  @IsOptional()
  @IsString({ message: ReauthenticationMessages.wrongCode })
  @MinLength(1, { message: ReauthenticationMessages.wrongCode })
  @MaxLength(64, { message: ReauthenticationMessages.wrongCode })
  code?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => PasskeyAnswerDto)
  passkey?: PasskeyAnswerDto;
}

export interface ReauthenticatedResponse {
  /** until when what asks for a recent proof is allowed without asking again */
  validUntilUtc: string;
}
