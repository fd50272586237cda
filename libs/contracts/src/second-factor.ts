// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { IsBoolean, IsString, MaxLength, MinLength } from 'class-validator';

/** how many recovery codes an account gets at once, each usable once */
export const RECOVERY_CODE_COUNT = 10;

export const SecondFactorMessages = {
  /** every code that does not work answers this, whatever the reason: wrong, old, used or someone else's */
  invalidCode:
    'That code did not work. Enter the current code from your authenticator app, or a recovery code you have not used.',
  codeRequired: 'Enter the code from your authenticator app',
  challengeExpired: 'Your sign-in took too long. Enter your e-mail and password again.',
  alreadyOn: 'Two-step verification is already on',
  notOn: 'Two-step verification is not on',
  noSetup: 'Start again: open two-step verification in Settings for a new QR code',
  teamRequires:
    'This team requires two-step verification of its people: add an authenticator app or a passkey in Settings to reach the team and its cards.',
  ownerFirst: 'Add an authenticator app or a passkey to your own account first',
} as const;

/** a code from the authenticator app (6 digits), or a recovery code; spaces and dashes are ignored */
export class SecondFactorCodeDto {
  @IsString({ message: SecondFactorMessages.codeRequired })
  @MinLength(1, { message: SecondFactorMessages.codeRequired })
  @MaxLength(64, { message: SecondFactorMessages.invalidCode })
  code!: string;
}

/** POST /api/auth/login/second-factor: the sign-in's second step */
export class LoginSecondFactorDto extends SecondFactorCodeDto {
  @IsString({ message: SecondFactorMessages.challengeExpired })
  @MaxLength(200, { message: SecondFactorMessages.challengeExpired })
  challengeToken!: string;
}

/** PUT /api/teams/:teamId/security: what a team asks of its people */
export class TeamSecurityDto {
  @IsBoolean({ message: 'requireSecondFactor must be true or false' })
  requireSecondFactor!: boolean;
}

/** the answer of a sign-in whose password was right on an account with two-step verification */
export interface SecondFactorChallengeResponse {
  secondFactorRequired: true;
  /** sent back with the code; it works for a few minutes */
  challengeToken: string;
  expiresAtUtc: string;
}

/** GET /api/account/second-factor */
export interface SecondFactorStatusResponse {
  enabled: boolean;
  enabledAtUtc: string | null;
  recoveryCodesLeft: number;
}

/** POST /api/account/second-factor/setup: what the authenticator app is given */
export interface SecondFactorSetupResponse {
  /** base32, for typing into the app by hand */
  secret: string;
  otpauthUri: string;
  /** the URI as a QR code, an SVG document */
  qrSvg: string;
}

/** new recovery codes, shown this once */
export interface RecoveryCodesResponse {
  recoveryCodes: string[];
}

export interface TeamSecurityResponse {
  requireSecondFactor: boolean;
}
