// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { IsObject, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from './transforms';

export const PASSKEY_NAME_MAX = 60;

export const PasskeyMessages = {
  /** every passkey that does not sign in answers this, whatever the reason */
  invalid: 'That passkey did not work. Try again, or sign in with your password.',
  notAdded: 'The passkey was not added. Try again, and finish on your device within a few minutes.',
  notFound: 'Passkey not found',
  name: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters`,
} as const;

/** a passkey's answer from the browser (navigator.credentials), as @simplewebauthn/browser gives it */
export class PasskeyAnswerDto {
  @IsString({ message: PasskeyMessages.invalid })
  @MaxLength(2000, { message: PasskeyMessages.invalid })
  challengeToken!: string;

  @IsObject({ message: PasskeyMessages.invalid })
  response!: Record<string, unknown>;
}

/** POST /api/account/passkeys: the new passkey's answer, and its name */
export class RegisterPasskeyDto extends PasskeyAnswerDto {
  @IsOptional()
  @Trim()
  @IsString({ message: PasskeyMessages.name })
  @MinLength(1, { message: PasskeyMessages.name })
  @MaxLength(PASSKEY_NAME_MAX, { message: PasskeyMessages.name })
  name?: string;
}

export class RenamePasskeyDto {
  @Trim()
  @IsString({ message: PasskeyMessages.name })
  @MinLength(1, { message: PasskeyMessages.name })
  @MaxLength(PASSKEY_NAME_MAX, { message: PasskeyMessages.name })
  name!: string;
}

export interface PasskeyResponse {
  id: string;
  name: string;
  /** synced between the owner's devices (a passkey manager), or bound to one key */
  synced: boolean;
  createdAtUtc: string;
  lastUsedAtUtc: string | null;
}

/** the options for navigator.credentials.create() or .get(), and the token its answer comes back with */
export interface PasskeyOptionsResponse {
  options: Record<string, unknown>;
  challengeToken: string;
}
