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
  ownerId: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface ProfilesRepository {
  /** throws DuplicateKeyError('handle') when the handle is taken */
  create(ownerId: string, data: ProfileData): Promise<ProfileRecord>;
  findById(id: string): Promise<ProfileRecord | null>;
  /** null when the profile does not exist or belongs to someone else */
  findOwned(id: string, ownerId: string): Promise<ProfileRecord | null>;
  findByHandle(handle: string): Promise<ProfileRecord | null>;
  /** oldest first */
  listByOwner(ownerId: string): Promise<ProfileRecord[]>;
  /** null when not found for that owner; throws DuplicateKeyError('handle') */
  update(id: string, ownerId: string, data: ProfileData): Promise<ProfileRecord | null>;
  /** deletes the profile and its leads; false when not found for that owner */
  delete(id: string, ownerId: string): Promise<boolean>;
}
