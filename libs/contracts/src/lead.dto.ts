// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import {
  Equals,
  IsBoolean,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import { QUESTION_ID_PATTERN, QuestionLimits, QuestionMessages } from './question-rules';
import { Type } from 'class-transformer';
import { ExtraMessages, Limits, Messages } from './messages';

export { CONSENT_TEXT } from './messages';
import { EmptyToNull, LowerCaseTrim, TrimToNull } from './transforms';

const ANSWERS_MAX = 20;

/** an object of at most 20 answers under question ids, each a text, a list of texts or a boolean */
function AnswersShape(options: { message: string }) {
  const fits = (value: unknown): boolean =>
    typeof value === 'boolean' ||
    (typeof value === 'string' && value.length <= QuestionLimits.longAnswerMax * 2) ||
    (Array.isArray(value) &&
      value.length <= QuestionLimits.choicesMax * 2 &&
      value.every((item) => typeof item === 'string' && item.length <= QuestionLimits.choiceMax * 2));
  return ValidateBy(
    {
      name: 'answersShape',
      validator: {
        validate: (value: unknown) => {
          if (value === null || value === undefined) return true;
          if (typeof value !== 'object' || Array.isArray(value)) return false;
          const entries = Object.entries(value as Record<string, unknown>);
          return (
            entries.length <= ANSWERS_MAX &&
            entries.every(([id, answer]) => QUESTION_ID_PATTERN.test(id) && fits(answer))
          );
        },
      },
    },
    options,
  );
}

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

  /**
   * the answers to the card's questions by question id: a text, the options ticked, or true/false for
   * a checkbox. whether each is required, and which options exist, is the card's setting (the api checks)
   */
  @IsOptional()
  @AnswersShape({ message: QuestionMessages.answers })
  answers: Record<string, unknown> | null = null;

  /** the visitor ticked "Send me your card" (used only when the card offers it) */
  @IsOptional()
  @IsBoolean()
  sendCard = false;

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
