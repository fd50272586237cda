import type {
  BlockResponse,
  ContactResponse,
  MediaResponse,
  PrivacyResponse,
  ProfileContent,
  SocialLinkResponse,
} from '@cardcraft/contracts';

// a profile's parts are the contracts' one shape of a card (ProfileContent); the store adds its dates
export type ContactRecord = ContactResponse;
export type MediaRecord = MediaResponse;
export type PrivacyRecord = PrivacyResponse;
export type SocialLinkRecord = SocialLinkResponse;
export type BlockRecord = BlockResponse;

/** everything of a profile its owner edits, and when it was published */
export interface ProfileData extends ProfileContent {
  publishedAt: Date | null;
}

export interface ProfileRecord extends ProfileData {
  id: string;
  /** who holds the card: its owner, or for a team card the member it was given to */
  ownerId: string;
  /** a team card's team; null for a personal card */
  teamId: string | null;
  /** the template a team card was made from; null when none (or it was deleted) */
  templateId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** where a team card sits: its team and the template it was made from */
export interface CardPlacement {
  teamId: string;
  templateId: string | null;
}

export interface ProfilesRepository {
  /** a personal card, or a team card with a placement; throws DuplicateKeyError('handle') when taken */
  create(ownerId: string, data: ProfileData, placement?: CardPlacement): Promise<ProfileRecord>;
  findById(id: string): Promise<ProfileRecord | null>;
  /** null when the profile does not exist or belongs to someone else */
  findOwned(id: string, ownerId: string): Promise<ProfileRecord | null>;
  findByHandle(handle: string): Promise<ProfileRecord | null>;
  /** every card the user holds, personal and team cards, oldest first */
  listByOwner(ownerId: string): Promise<ProfileRecord[]>;
  /** the team's cards, oldest first */
  listByTeam(teamId: string): Promise<ProfileRecord[]>;
  /** the team's cards made from the template, oldest first */
  listByTemplate(teamId: string, templateId: string): Promise<ProfileRecord[]>;
  /** gives a team card to another holder; null when the card is not the team's */
  reassign(id: string, teamId: string, ownerId: string): Promise<ProfileRecord | null>;
  /** null when not found for that owner; throws DuplicateKeyError('handle') */
  update(id: string, ownerId: string, data: ProfileData): Promise<ProfileRecord | null>;
  /** deletes the profile and its leads; false when not found for that owner */
  delete(id: string, ownerId: string): Promise<boolean>;
}
