// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { MessageFieldsDto } from './message-fields';
import {
  CardExchangeDto,
  CardQuestionDto,
  DistinctQuestionIds,
  QuestionLimits,
  QuestionMessages,
} from './questions';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { blockPayloadAddressesAreSafe, BLOCK_TYPES, type BlockType, normalizeBlockType } from './blocks';
import { ExtraMessages, Limits, Messages } from './messages';
import { LAYOUTS, type Layout, normalizeLayout, normalizeTheme, THEMES, type Theme } from './themes';
import { EmptyToNull, LowerCaseTrim, Nested, Trim, TrimToNull, URL_OPTIONS } from './transforms';

/** an optional http(s) address: empty is null, a malformed or too long one says "Enter a valid URL" */
export function OptionalUrl(): PropertyDecorator {
  return rules(
    TrimToNull(),
    IsOptional(),
    IsUrl(URL_OPTIONS, { message: Messages.url }),
    MaxLength(Limits.urlMax, { message: Messages.url }),
  )();
}

export class ContactDto {
  @TrimToNull()
  @IsOptional()
  @IsEmail({}, { message: Messages.contactEmail })
  @MaxLength(Limits.shortTextMax, { message: Messages.contactEmail })
  email: string | null = null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  phoneNumber: string | null = null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  company: string | null = null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  location: string | null = null;

  @OptionalUrl()
  website: string | null = null;
}

export class MediaDto {
  @OptionalUrl()
  avatarUrl: string | null = null;

  @OptionalUrl()
  bannerUrl: string | null = null;

  @OptionalUrl()
  ogImageUrl: string | null = null;
}

export class PrivacyDto {
  @IsBoolean()
  collectGeo = false;

  @IsBoolean()
  collectIp = false;

  @IsBoolean()
  showIdentifiedViewers = true;

  @IsBoolean()
  allowMessages = true;

  /** the extra fields the message form asks for; a body without them asks for none */
  @Nested(() => MessageFieldsDto)
  messageFields: MessageFieldsDto = new MessageFieldsDto();

  /** the owner's own questions on the message form, in their order; a body without them asks none */
  @IsArray()
  @ArrayMaxSize(QuestionLimits.questionsMax, { message: QuestionMessages.tooManyQuestions })
  @DistinctQuestionIds()
  @Nested(() => CardQuestionDto, { each: true })
  questions: CardQuestionDto[] = [];

  /** "Send me your card" on the message form; a body without it offers nothing */
  @Nested(() => CardExchangeDto)
  cardExchange: CardExchangeDto = new CardExchangeDto();
}

export class SocialLinkDto {
  @Trim()
  @IsString({ message: Messages.provider })
  @MinLength(Limits.providerMin, { message: Messages.provider })
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  provider!: string;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  label: string | null = null;

  @Trim()
  @IsUrl(URL_OPTIONS, { message: Messages.url })
  @MaxLength(Limits.urlMax, { message: Messages.url })
  url!: string;

  @IsBoolean()
  highlight = true;

  @IsOptional()
  @IsInt()
  order?: number;
}

/** the payload's links and embed address follow the public card's rule for addresses (by block type) */
function SafePayloadAddresses(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'safePayloadAddresses',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          typeof value !== 'string' ||
          blockPayloadAddressesAreSafe(
            normalizeBlockType((args?.object as BlockDto | undefined)?.type),
            value,
          ),
      },
    },
    options,
  );
}

export class BlockDto {
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64, { message: ExtraMessages.fieldTooLong })
  id?: string | null;

  /** an unknown or missing block type is treated as cta */
  @Transform(({ value }) => normalizeBlockType(value))
  @IsIn(BLOCK_TYPES, { message: ExtraMessages.blockType })
  type: BlockType = 'cta';

  @Trim()
  @IsString({ message: Messages.blockTitle })
  @MinLength(Limits.blockTitleMin, { message: Messages.blockTitle })
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  title!: string;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  subtitle: string | null = null;

  @EmptyToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.payloadMax, { message: ExtraMessages.payloadTooLong })
  @SafePayloadAddresses({ message: Messages.url })
  payloadJson: string | null = null;

  @IsBoolean()
  visible = true;

  @IsOptional()
  @IsInt()
  order?: number;
}

/** several rules as one decorator, listed top first as they would be stacked */
function rules(...list: PropertyDecorator[]): () => PropertyDecorator {
  return () => (target, key) => {
    // applied last to first, as stacked decorators are: toFieldErrors keeps the top one's message
    for (const rule of [...list].reverse()) rule(target, key);
  };
}

/**
 * the rules of a card's fields, one decorator a field: the profile form and a team's template (which
 * holds a card without its handle, name and publication) validate a field alike. a handle is trimmed
 * and lower-cased, 3 to 32 lowercase letters, digits or dashes; when several rules fail (an empty
 * handle is too short and matches no pattern) the first listed is the one said
 */
export const CardFieldRules = {
  handle: rules(
    LowerCaseTrim(),
    IsString({ message: Messages.handleTooShort }),
    MinLength(Limits.handleMin, { message: Messages.handleTooShort }),
    MaxLength(Limits.handleMax, { message: Messages.handleTooLong }),
    Matches(/^[a-z0-9-]+$/, { message: Messages.handlePattern }),
  ),
  displayName: rules(
    Trim(),
    IsString({ message: Messages.displayName }),
    MinLength(Limits.displayNameMin, { message: Messages.displayName }),
    MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong }),
  ),
  tagline: rules(
    TrimToNull(),
    IsOptional(),
    IsString(),
    MaxLength(Limits.taglineMax, { message: Messages.tagline }),
  ),
  bio: rules(EmptyToNull(), IsOptional(), IsString(), MaxLength(Limits.bioMax, { message: Messages.bio })),
  /** unknown values fall back to the default */
  theme: rules(
    Transform(({ value }) => normalizeTheme(value)),
    IsIn(
      THEMES.map((t) => t.value),
      { message: ExtraMessages.theme },
    ),
  ),
  layout: rules(
    Transform(({ value }) => normalizeLayout(value)),
    IsIn(
      LAYOUTS.map((l) => l.value),
      { message: ExtraMessages.layout },
    ),
  ),
  contact: rules(Nested(() => ContactDto)),
  media: rules(Nested(() => MediaDto)),
  privacy: rules(Nested(() => PrivacyDto)),
  socialLinks: rules(
    IsArray(),
    ArrayMaxSize(Limits.socialLinksMax, { message: ExtraMessages.tooManySocialLinks }),
    Nested(() => SocialLinkDto, { each: true }),
  ),
  blocks: rules(
    IsArray(),
    ArrayMaxSize(Limits.blocksMax, { message: ExtraMessages.tooManyBlocks }),
    Nested(() => BlockDto, { each: true }),
  ),
};

/** the profile form's values: the body of create and update */
export class ProfileInputDto {
  @CardFieldRules.handle()
  handle!: string;

  @CardFieldRules.displayName()
  displayName!: string;

  @CardFieldRules.tagline()
  tagline: string | null = null;

  @CardFieldRules.bio()
  bio: string | null = null;

  @CardFieldRules.theme()
  theme: Theme = 'aurora';

  @CardFieldRules.layout()
  layout: Layout = 'neon';

  @IsBoolean()
  published = false;

  @CardFieldRules.contact()
  contact: ContactDto = new ContactDto();

  @CardFieldRules.media()
  media: MediaDto = new MediaDto();

  @CardFieldRules.privacy()
  privacy: PrivacyDto = new PrivacyDto();

  @CardFieldRules.socialLinks()
  socialLinks: SocialLinkDto[] = [];

  @CardFieldRules.blocks()
  blocks: BlockDto[] = [];
}

export class CreateProfileDto extends ProfileInputDto {}
export class UpdateProfileDto extends ProfileInputDto {}

/** GET /api/profiles/handle-availability: the handle asked about, and the card that may already hold it */
export class HandleAvailabilityQueryDto {
  @CardFieldRules.handle()
  handle!: string;

  /** the card being edited: its own handle counts as free for it */
  @IsOptional()
  @IsString()
  @MaxLength(Limits.shortTextMax)
  profileId?: string;
}
