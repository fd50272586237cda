// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto } from './lead.dto';
import { TrimToNull } from './transforms';

/** where an owner is with a lead; every lead starts as new */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
};

export const LeadWorkLimits = {
  tagsMax: 10,
  tagMax: 32,
  noteMax: 5000,
  searchMax: 200,
  /** lead ids one bulk change takes */
  bulkMax: 500,
} as const;

export const LeadWorkMessages = {
  status: 'Choose a status: new, contacted, qualified, won or lost',
  tags: 'Give up to 10 tags of 1 to 32 characters',
  note: 'Keep the note within 5000 characters',
  search: 'Keep the search within 200 characters',
  date: 'Use a date like 2026-01-31',
  sort: 'Sort by newest or followUp',
  bulkIds: 'Choose 1 to 500 leads',
  bulkAction: 'Choose an action: status, addTags, removeTags or delete',
  bulkTags: 'Give 1 to 10 tags of 1 to 32 characters',
  nothingToChange: 'Give a status, tags or a note to change',
  tooManyTags: 'A lead takes up to 10 tags',
} as const;

export const LEAD_SORTS = ['newest', 'followUp'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

export const BULK_LEAD_ACTIONS = ['status', 'addTags', 'removeTags', 'delete'] as const;
export type BulkLeadAction = (typeof BULK_LEAD_ACTIONS)[number];

/** the key that makes two tags the same one: "VIP" and "vip" are one tag */
export function tagKey(tag: string): string {
  return tag.trim().toLowerCase();
}

/** trimmed, and the later of two tags with the same key dropped; other values pass for the rules */
export function normaliseTags(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const item of value) {
    if (typeof item !== 'string') {
      out.push(item);
      continue;
    }
    const tag = item.trim();
    if (seen.has(tagKey(tag))) continue;
    seen.add(tagKey(tag));
    out.push(tag);
  }
  return out;
}

function isTag(value: unknown): boolean {
  return typeof value === 'string' && value.length >= 1 && value.length <= LeadWorkLimits.tagMax;
}

/** a list of 0 (or min) to 10 tags of 1 to 32 characters each, once normalised */
function AreTags(min: number, message: string) {
  return ValidateBy({
    name: 'areTags',
    validator: {
      validate: (value: unknown) =>
        Array.isArray(value) &&
        value.length >= min &&
        value.length <= LeadWorkLimits.tagsMax &&
        value.every(isTag),
      defaultMessage: () => message,
    },
  });
}

/** what an owner changes on one lead; what is left out stays as it is */
export class UpdateLeadDto {
  @IsOptional()
  @IsIn(LEAD_STATUSES, { message: LeadWorkMessages.status })
  status?: LeadStatus;

  @IsOptional()
  @Transform(({ value }) => normaliseTags(value))
  @AreTags(0, LeadWorkMessages.tags)
  tags?: string[];

  /** null or blank clears it; kept as typed otherwise, line breaks and all */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value))
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: LeadWorkMessages.note })
  @MaxLength(LeadWorkLimits.noteMax, { message: LeadWorkMessages.note })
  note?: string | null;
}

/** a UTC day that exists, YYYY-MM-DD (2026-02-30 does not) */
export function isUtcDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

function IsUtcDay() {
  return ValidateBy({
    name: 'isUtcDay',
    validator: { validate: isUtcDay, defaultMessage: () => LeadWorkMessages.date },
  });
}

/** the filters of one card's leads; every one optional, together they narrow */
export class LeadFiltersDto extends PageQueryDto {
  @TrimToNull()
  @IsOptional()
  @IsIn(LEAD_STATUSES, { message: LeadWorkMessages.status })
  status: LeadStatus | null = null;

  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(LeadWorkLimits.tagMax, { message: LeadWorkMessages.tags })
  tag: string | null = null;

  /** the first UTC day, YYYY-MM-DD */
  @TrimToNull()
  @IsOptional()
  @IsUtcDay()
  from: string | null = null;

  /** the last UTC day, YYYY-MM-DD, included */
  @TrimToNull()
  @IsOptional()
  @IsUtcDay()
  to: string | null = null;

  /** words found in the e-mail, name, company, message or note, without regard to case */
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(LeadWorkLimits.searchMax, { message: LeadWorkMessages.search })
  q: string | null = null;

  @IsOptional()
  @IsIn(LEAD_SORTS, { message: LeadWorkMessages.sort })
  sort: LeadSort = 'newest';
}

/** the filters of the leads of several cards (the account's, a team's): a card among them too */
export class LeadsQueryDto extends LeadFiltersDto {
  @TrimToNull()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  profileId: string | null = null;
}

/** one change to many leads at once; each id gets its own outcome */
export class BulkLeadsDto {
  @IsArray({ message: LeadWorkMessages.bulkIds })
  @ArrayMinSize(1, { message: LeadWorkMessages.bulkIds })
  @ArrayMaxSize(LeadWorkLimits.bulkMax, { message: LeadWorkMessages.bulkIds })
  @IsString({ each: true, message: LeadWorkMessages.bulkIds })
  @MaxLength(64, { each: true, message: LeadWorkMessages.bulkIds })
  leadIds!: string[];

  @IsIn(BULK_LEAD_ACTIONS, { message: LeadWorkMessages.bulkAction })
  action!: BulkLeadAction;

  @ValidateIf((dto: BulkLeadsDto) => dto.action === 'status')
  @IsIn(LEAD_STATUSES, { message: LeadWorkMessages.status })
  status?: LeadStatus;

  @ValidateIf((dto: BulkLeadsDto) => dto.action === 'addTags' || dto.action === 'removeTags')
  @Transform(({ value }) => normaliseTags(value))
  @AreTags(1, LeadWorkMessages.bulkTags)
  tags?: string[];
}
