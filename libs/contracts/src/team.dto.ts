// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
} from 'class-validator';
import { AnalyticsRangeQueryDto } from './analytics.dto';
import { LeadsQueryDto } from './lead-work.dto';
import { ExtraMessages, Limits, Messages } from './messages';
import {
  BlockDto,
  CardFieldRules,
  OptionalUrl,
  ContactDto,
  MediaDto,
  PrivacyDto,
  SocialLinkDto,
} from './profile.dto';
import { TEAM_ROLES, type TeamRole } from './card-team';
import { isLockableField, type LockableField } from './team-templates';
import type { Layout, Theme } from './themes';
import { LowerCaseTrim, Nested, Trim, TrimToNull } from './transforms';

export { isTeamAdmin, TEAM_ROLES, type CardBrand, type CardTeamResponse, type TeamRole } from './card-team';

export const TeamLimits = {
  nameMin: 2,
  nameMax: 80,
  templateNameMax: 80,
  /** rows of one bulk invitation */
  bulkRowsMax: 500,
  /** characters of one bulk invitation's CSV */
  bulkCsvMax: 200_000,
  /** days an invitation's link is good for */
  invitationDays: 7,
} as const;

export const TeamMessages = {
  name: 'Team name must be 2-80 characters',
  templateName: 'Template name must be 2-80 characters',
  color: 'Use a colour like #1a2b3c',
  role: 'Choose a role: owner, admin or member',
  lockedFields: 'Choose fields a template can lock',
  inviteEmail: 'Enter a valid e-mail address',
  teamNotFound: 'Team not found',
  templateNotFound: 'Template not found',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  adminsOnly: 'Only a team admin can do this',
  ownersOnly: 'Only a team owner can do this',
  lastOwner: 'A team needs at least one owner: make someone else an owner first',
  alreadyMember: 'This person is already a member of the team',
  alreadyInvited: 'This address already has an invitation: resend it instead',
  invitationInvalid: 'This invitation is no longer valid. Ask your team admin for a new one.',
  invitationOtherEmail:
    'This invitation was sent to another e-mail address. Sign in with that address to join.',
  holderNotMember: 'The card can only go to a member of the team',
  transferTarget: 'Choose an admin or an owner of the team to take the cards',
  csvEmpty: 'The file has no rows to invite',
  csvTooLong: `Invite at most ${TeamLimits.bulkRowsMax} people at once`,
  csvHeader: 'The first row must name the columns: email, name, title, phone',
  teamCardsKept: 'Team cards stay with the team: ask a team admin to remove them',
  tooManyTeamCards: (max: number) => `A team can have at most ${max} cards: delete one to create another`,
} as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function AreLockableFields() {
  return ValidateBy({
    name: 'areLockableFields',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every(isLockableField),
      defaultMessage: () => TeamMessages.lockedFields,
    },
  });
}

/** the team's look: shown on its cards, QR codes and e-mail signatures */
export class TeamBrandDto {
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  companyName: string | null = null;

  @OptionalUrl()
  logoUrl: string | null = null;

  @OptionalUrl()
  bannerUrl: string | null = null;

  @OptionalUrl()
  website: string | null = null;

  /** the main colour: buttons and accents of the team's cards, within AA contrast */
  @TrimToNull()
  @IsOptional()
  @Matches(HEX_COLOR, { message: TeamMessages.color })
  primaryColor: string | null = null;

  @TrimToNull()
  @IsOptional()
  @Matches(HEX_COLOR, { message: TeamMessages.color })
  secondaryColor: string | null = null;
}

export class CreateTeamDto {
  @Trim()
  @IsString({ message: TeamMessages.name })
  @MinLength(TeamLimits.nameMin, { message: TeamMessages.name })
  @MaxLength(TeamLimits.nameMax, { message: TeamMessages.name })
  name!: string;
}

export class UpdateTeamDto {
  @Trim()
  @IsString({ message: TeamMessages.name })
  @MinLength(TeamLimits.nameMin, { message: TeamMessages.name })
  @MaxLength(TeamLimits.nameMax, { message: TeamMessages.name })
  name!: string;

  @Nested(() => TeamBrandDto)
  brand: TeamBrandDto = new TeamBrandDto();
}

export class InviteMemberDto {
  @LowerCaseTrim()
  @IsEmail({}, { message: TeamMessages.inviteEmail })
  @MaxLength(Limits.shortTextMax, { message: TeamMessages.inviteEmail })
  email!: string;

  @IsIn(TEAM_ROLES, { message: TeamMessages.role })
  role: TeamRole = 'member';

  /** what the member's first card is made with, when a template is chosen */
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.shortTextMax, { message: ExtraMessages.fieldTooLong })
  name: string | null = null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(Limits.taglineMax, { message: Messages.tagline })
  title: string | null = null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64, { message: ExtraMessages.fieldTooLong })
  phone: string | null = null;

  /** the member gets a card made from this template when they join */
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  templateId: string | null = null;
}

/** a CSV with the columns email, name, title, phone (a header row first), every row invited alike */
export class BulkInviteDto {
  @IsString({ message: TeamMessages.csvEmpty })
  @MaxLength(TeamLimits.bulkCsvMax, { message: TeamMessages.csvTooLong })
  csv!: string;

  @IsIn(TEAM_ROLES, { message: TeamMessages.role })
  role: TeamRole = 'member';

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  templateId: string | null = null;
}

export class UpdateMemberDto {
  @IsIn(TEAM_ROLES, { message: TeamMessages.role })
  role!: TeamRole;
}

export const LEAVING_CARDS = ['transfer', 'unpublish'] as const;
export type LeavingCards = (typeof LEAVING_CARDS)[number];

/** what becomes of a leaving member's team cards: given to an admin, or kept by the team unpublished */
export class RemoveMemberDto {
  @IsIn(LEAVING_CARDS, { message: 'Choose what becomes of the cards: transfer or unpublish' })
  cards: LeavingCards = 'transfer';

  /** the admin or owner who takes the cards (transfer); the one removing them when left out */
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  transferTo: string | null = null;
}

export class AssignCardDto {
  @Trim()
  @IsString({ message: TeamMessages.holderNotMember })
  @MaxLength(64)
  holderId!: string;
}

/** a template's content: a card without the member's own handle, name and publication */
export class TemplateContentDto {
  @CardFieldRules.tagline()
  tagline: string | null = null;

  @CardFieldRules.bio()
  bio: string | null = null;

  @CardFieldRules.theme()
  theme: Theme = 'aurora';

  @CardFieldRules.layout()
  layout: Layout = 'neon';

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

export class CardTemplateInputDto {
  @Trim()
  @IsString({ message: TeamMessages.templateName })
  @MinLength(TeamLimits.nameMin, { message: TeamMessages.templateName })
  @MaxLength(TeamLimits.templateNameMax, { message: TeamMessages.templateName })
  name!: string;

  @Nested(() => TemplateContentDto)
  content: TemplateContentDto = new TemplateContentDto();

  @IsArray()
  @ArrayMaxSize(32)
  @AreLockableFields()
  lockedFields: LockableField[] = [];
}

/** a team card made from a template, for a member (an admin's choice) or for oneself */
export class CreateTeamCardDto {
  @Trim()
  @IsString({ message: TeamMessages.templateNotFound })
  @MaxLength(64)
  templateId!: string;

  /** who holds the card; the caller when left out */
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  holderId: string | null = null;

  @CardFieldRules.handle()
  handle!: string;

  @CardFieldRules.displayName()
  displayName!: string;
}

/** the inbox's filters are a card's leads' (LeadsQueryDto), and a member's cards */
export class TeamLeadsQueryDto extends LeadsQueryDto {
  /** only the cards this member holds */
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  memberId: string | null = null;
}

export class TeamAnalyticsQueryDto extends AnalyticsRangeQueryDto {
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  memberId: string | null = null;
}

export class TeamCardsQueryDto {
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  memberId: string | null = null;
}

/** the secret of an invitation's link, as the link's page read it from the address's fragment */
export class InvitationTokenDto {
  @IsString({ message: TeamMessages.invitationInvalid })
  @MinLength(20, { message: TeamMessages.invitationInvalid })
  @MaxLength(100, { message: TeamMessages.invitationInvalid })
  token!: string;
}
