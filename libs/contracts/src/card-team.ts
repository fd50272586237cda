// what a card knows of its team: the roles, the fields a template can lock, the brand it shows. kept
// apart from the team's DTOs so the card's own answers (responses.ts) can name them without a cycle

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** an admin or an owner: who runs the team's cards, people, brand and templates */
export const isTeamAdmin = (role: TeamRole | null | undefined): boolean =>
  role === 'owner' || role === 'admin';

/**
 * the parts of a card a team's template can lock, by their path in the card's body (the path the API
 * names when it refuses a change), with the words the editor shows beside a locked field
 */
export const LOCKABLE_FIELDS = [
  { path: 'tagline', label: 'Title' },
  { path: 'bio', label: 'Bio' },
  { path: 'theme', label: 'Theme' },
  { path: 'layout', label: 'Layout' },
  { path: 'contact.email', label: 'E-mail' },
  { path: 'contact.phoneNumber', label: 'Phone' },
  { path: 'contact.company', label: 'Company' },
  { path: 'contact.location', label: 'Location' },
  { path: 'contact.website', label: 'Website' },
  { path: 'media.avatarUrl', label: 'Photo' },
  { path: 'media.bannerUrl', label: 'Banner' },
  { path: 'privacy', label: 'Privacy and messages' },
  { path: 'privacy.questions', label: 'Questions' },
  { path: 'socialLinks', label: 'Social links' },
  { path: 'blocks', label: 'Blocks' },
] as const;
export type LockableField = (typeof LOCKABLE_FIELDS)[number]['path'];
export const LOCKABLE_FIELD_PATHS: readonly LockableField[] = LOCKABLE_FIELDS.map((field) => field.path);

export function isLockableField(value: unknown): value is LockableField {
  return typeof value === 'string' && (LOCKABLE_FIELD_PATHS as readonly string[]).includes(value);
}

/** the sentence the API answers (with the field's path) and the editor shows beside a locked field */
export const LOCKED_FIELD_MESSAGE = "This field is set by your team's template and cannot be changed";

/** what a card shows of its team: the brand, with the colours made readable on the card */
export interface CardBrand {
  companyName: string | null;
  logoUrl: string | null;
  website: string | null;
  /** the brand's main colour, adjusted to AA contrast against the card's theme */
  accentColor: string | null;
  /** text drawn on the accent colour, AA against it */
  onAccentColor: string | null;
}

/** a card's place in a team, on the owner's answers (ProfileResponse) */
export interface CardTeamResponse {
  teamId: string;
  teamName: string;
  templateId: string | null;
  /** the paths the template locks: shown read-only in the editor */
  lockedFields: LockableField[];
  /** the caller's role in the card's team */
  role: TeamRole;
}
