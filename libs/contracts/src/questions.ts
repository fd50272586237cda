// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import {
  hasChoices,
  QUESTION_ID_PATTERN,
  QUESTION_KINDS,
  QuestionLimits,
  QuestionMessages,
  type QuestionKind,
} from './question-rules';
import { EmptyToNull, Trim, TrimToNull } from './transforms';

export * from './question-rules';

/** the options of a choice question: 2 to 10 different texts of 1 to 80 characters; none for the rest */
function ChoicesFitKind() {
  return ValidateBy({
    name: 'choicesFitKind',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const kind = (args?.object as CardQuestionDto | undefined)?.kind;
        if (!Array.isArray(value)) return false;
        if (!kind || !hasChoices(kind)) return value.length === 0;
        return value.length >= QuestionLimits.choicesMin && value.length <= QuestionLimits.choicesMax;
      },
      defaultMessage: () => QuestionMessages.choicesCount,
    },
  });
}

function EachChoiceFits() {
  return ValidateBy({
    name: 'eachChoiceFits',
    validator: {
      validate: (value: unknown) =>
        Array.isArray(value) &&
        value.every(
          (choice) =>
            typeof choice === 'string' && choice !== '' && choice.length <= QuestionLimits.choiceMax,
        ),
      defaultMessage: () => QuestionMessages.choice,
    },
  });
}

function DistinctChoices() {
  return ValidateBy({
    name: 'distinctChoices',
    validator: {
      validate: (value: unknown) =>
        !Array.isArray(value) ||
        new Set(value.map((choice) => (typeof choice === 'string' ? choice.toLowerCase() : choice))).size ===
          value.length,
      defaultMessage: () => QuestionMessages.choicesDistinct,
    },
  });
}

export class CardQuestionDto {
  /** given by the editor; a question without one gets one when the card is saved */
  @TrimToNull()
  @IsOptional()
  @IsString({ message: QuestionMessages.questionId })
  @Matches(QUESTION_ID_PATTERN, { message: QuestionMessages.questionId })
  id?: string | null;

  @Trim()
  @IsString({ message: QuestionMessages.label })
  @MinLength(1, { message: QuestionMessages.label })
  @MaxLength(QuestionLimits.labelMax, { message: QuestionMessages.labelTooLong })
  label!: string;

  @IsIn(QUESTION_KINDS, { message: QuestionMessages.kind })
  kind: QuestionKind = 'short_text';

  @IsBoolean()
  required = false;

  @TrimToNull()
  @IsOptional()
  @IsString({ message: QuestionMessages.help })
  @MaxLength(QuestionLimits.helpMax, { message: QuestionMessages.help })
  help: string | null = null;

  // when several fail, the top one is said: the count, then the texts, then their sameness
  @ChoicesFitKind()
  @EachChoiceFits()
  @DistinctChoices()
  @Transform(({ value }) =>
    Array.isArray(value)
      ? value.map((choice) => (typeof choice === 'string' ? choice.trim() : choice))
      : value,
  )
  choices: string[] = [];
}

/** "Send me your card": the offer on the card's message form, and what the mail adds */
export class CardExchangeDto {
  @IsBoolean()
  enabled = false;

  @EmptyToNull()
  @IsOptional()
  @IsString({ message: QuestionMessages.followUp })
  @MaxLength(QuestionLimits.followUpMax, { message: QuestionMessages.followUp })
  followUp: string | null = null;
}

/** no two questions of a card share an id (a missing id is filled in when the card is saved) */
export function DistinctQuestionIds() {
  return ValidateBy({
    name: 'distinctQuestionIds',
    validator: {
      validate: (value: unknown) => {
        if (!Array.isArray(value)) return true;
        const ids = value
          .map((question) => (question as { id?: unknown } | null)?.id)
          .filter((id) => typeof id === 'string' && id !== '');
        return new Set(ids).size === ids.length;
      },
      defaultMessage: () => QuestionMessages.questionId,
    },
  });
}
