// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import {
  IsEmail,
  IsString,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidationArguments,
  ValidationOptions,
} from 'class-validator';
import { ExtraMessages, Limits, Messages } from './messages';
import { LowerCaseTrim, Trim } from './transforms';

export class LoginDto {
  @LowerCaseTrim()
  @IsEmail({}, { message: Messages.loginEmail })
  @MaxLength(Limits.shortTextMax, { message: Messages.loginEmail })
  email!: string;

  @IsString({ message: Messages.loginPassword })
  @MinLength(1, { message: Messages.loginPassword })
  @MaxLength(Limits.passwordMax, { message: ExtraMessages.passwordTooLong })
  password!: string;
}

export class RegisterDto {
  @Trim()
  @IsString({ message: Messages.registerDisplayName })
  @MinLength(Limits.registerDisplayNameMin, { message: Messages.registerDisplayName })
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  displayName!: string;

  @LowerCaseTrim()
  @IsEmail({}, { message: Messages.registerEmail })
  @MaxLength(Limits.shortTextMax, { message: Messages.registerEmail })
  email!: string;

  @IsString({ message: Messages.registerPassword })
  @MinLength(Limits.passwordMin, { message: Messages.registerPassword })
  @MaxLength(Limits.passwordMax, { message: ExtraMessages.passwordTooLong })
  password!: string;
}

/** a property that must equal another property of the same object */
export function MatchesProperty(property: string, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'matchesProperty',
      constraints: [property],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          value === (args?.object as Record<string, unknown>)[property],
      },
    },
    options,
  );
}

/** the register form of the web app: the API body plus the confirmation field */
export class RegisterFormDto extends RegisterDto {
  @MatchesProperty('password', { message: Messages.registerConfirmPassword })
  confirmPassword!: string;
}

export class UpdateAccountDto {
  @Trim()
  @IsString({ message: Messages.registerDisplayName })
  @MinLength(Limits.registerDisplayNameMin, { message: Messages.registerDisplayName })
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  displayName!: string;
}

export class ChangePasswordDto {
  @IsString({ message: ExtraMessages.currentPassword })
  @MinLength(1, { message: ExtraMessages.currentPassword })
  @MaxLength(Limits.passwordMax, { message: ExtraMessages.passwordTooLong })
  currentPassword!: string;

  @IsString({ message: Messages.registerPassword })
  @MinLength(Limits.passwordMin, { message: Messages.registerPassword })
  @MaxLength(Limits.passwordMax, { message: ExtraMessages.passwordTooLong })
  newPassword!: string;
}

export class DeleteAccountDto {
  @IsString({ message: ExtraMessages.deletePassword })
  @MinLength(1, { message: ExtraMessages.deletePassword })
  @MaxLength(Limits.passwordMax, { message: ExtraMessages.passwordTooLong })
  password!: string;
}
