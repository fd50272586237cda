// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { Equals, IsEmail, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { ExtraMessages, Limits, Messages } from './messages';

export { CONSENT_TEXT } from './messages';
import { EmptyToNull, LowerCaseTrim, TrimToNull } from './transforms';

export class CreateLeadDto {
  @LowerCaseTrim()
  @IsEmail({}, { message: Messages.messageEmail })
  @MaxLength(Limits.shortTextMax, { message: Messages.messageEmail })
  email!: string;

  @EmptyToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.messageMax, { message: Messages.messageText })
  message: string | null = null;

  /** the extra fields: whether each is asked for, and required, is the card's setting (the api checks) */
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  name: string | null = null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64, { message: ExtraMessages.fieldTooLong })
  phone: string | null = null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  company: string | null = null;

  @Equals(true, { message: Messages.consent })
  consent!: boolean;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64, { message: ExtraMessages.fieldTooLong })
  visitorUserId: string | null = null;
}

export class PageQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'pageSize must be a whole number from 1 to 100' })
  @Min(1, { message: 'pageSize must be a whole number from 1 to 100' })
  @Max(100, { message: 'pageSize must be a whole number from 1 to 100' })
  pageSize = 20;
}
