import { Schema, type Types } from 'mongoose';
import type { CardExchangeSettings, CardQuestion, MessageFieldsResponse } from '@cardcraft/contracts';
import type {
  AnalyticsReportSetting,
  BlockRecord,
  ContactRecord,
  MediaRecord,
  PrivacyRecord,
  SocialLinkRecord,
  TeamBrandRecord,
} from '../../ports';

// the collections' documents and their schemas: the shapes the repositories read and write. the
// collections and their indexes are made by the numbered migrations (mongo-migrations.ts); images and
// export zips live in GridFS (mongo-media.repository.ts, mongo-account-export.repository.ts).

export interface UserDoc {
  _id: Types.ObjectId;
  email: string;
  displayName: string;
  passwordHash: string;
  /** absent on accounts made before the setting existed: on */
  notifyOnMessages?: boolean;
  /** the analytics mail settings; absent on accounts made before them: none, off, no alerts */
  timeZone?: string | null;
  analyticsReport?: AnalyticsReportSetting;
  trafficAlertMultiple?: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ProfileDoc {
  _id: Types.ObjectId;
  ownerId: Types.ObjectId;
  handle: string;
  displayName: string;
  tagline: string | null;
  bio: string | null;
  published: boolean;
  publishedAt: Date | null;
  theme: string;
  layout: string;
  contact: ContactRecord;
  media: MediaRecord;
  privacy: PrivacyRecord;
  socialLinks: SocialLinkRecord[];
  blocks: Array<Omit<BlockRecord, 'type'> & { type: string }>;
  /** absent on cards made before teams: a personal card */
  teamId?: Types.ObjectId | null;
  templateId?: Types.ObjectId | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SessionDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** absent on a session from before the sessions list */
  userAgent?: string;
  country?: string;
  deviceId?: string;
  lastSeenAt?: Date;
  provedAt?: Date;
}

export interface ApiKeyDoc {
  _id: Types.ObjectId;
  /** one of the two is set: a personal key's user, or a team key's team */
  userId: Types.ObjectId | null;
  teamId: Types.ObjectId | null;
  name: string;
  scopes: string[];
  keyHash: string;
  prefix: string;
  createdBy: Types.ObjectId;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export interface AccountTokenDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  purpose: string;
  tokenHash: string;
  newEmail: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface AccountExportDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  status: string;
  createdAt: Date;
  finishedAt: Date | null;
  size: number | null;
  expiresAt: Date;
}

export interface TeamDoc {
  _id: Types.ObjectId;
  name: string;
  brand: TeamBrandRecord;
  /** absent on a team from before: not required */
  requireSecondFactor?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface TeamMemberDoc {
  _id: Types.ObjectId;
  teamId: Types.ObjectId;
  userId: Types.ObjectId;
  role: string;
  joinedAt: Date;
}

export interface TeamInvitationDoc {
  _id: Types.ObjectId;
  teamId: Types.ObjectId;
  email: string;
  role: string;
  name: string | null;
  title: string | null;
  phone: string | null;
  templateId: Types.ObjectId | null;
  tokenHash: string;
  invitedBy: Types.ObjectId;
  createdAt: Date;
  expiresAt: Date;
}

/** a template's content is a card's without handle, name and publication, in the profile's shapes */
export type TemplateContentDoc = Pick<
  ProfileDoc,
  'tagline' | 'bio' | 'theme' | 'layout' | 'contact' | 'media' | 'privacy' | 'socialLinks' | 'blocks'
>;

export interface CardTemplateDoc {
  _id: Types.ObjectId;
  teamId: Types.ObjectId;
  name: string;
  content: TemplateContentDoc;
  lockedFields: string[];
  createdAt: Date;
  updatedAt: Date;
}

export * from './mongo-lead-schemas';

// strings are not `required`: mongoose would reject '' and validation belongs to the api's dtos
const nullableString = { type: String, default: null };

export const userSchema = new Schema<UserDoc>(
  {
    email: { type: String, lowercase: true },
    displayName: String,
    passwordHash: String,
    notifyOnMessages: { type: Boolean, default: true },
    timeZone: { type: String, default: null },
    analyticsReport: { type: String, default: 'off' },
    trafficAlertMultiple: { type: Number, default: null },
  },
  { collection: 'users', timestamps: true, versionKey: false },
);

const contactSchema = new Schema<ContactRecord>(
  {
    email: nullableString,
    phoneNumber: nullableString,
    company: nullableString,
    location: nullableString,
    website: nullableString,
  },
  { _id: false },
);

const mediaSchema = new Schema<MediaRecord>(
  { avatarUrl: nullableString, bannerUrl: nullableString, ogImageUrl: nullableString },
  { _id: false },
);

const privacySchema = new Schema<PrivacyRecord>(
  {
    collectGeo: Boolean,
    collectIp: Boolean,
    showIdentifiedViewers: Boolean,
    allowMessages: Boolean,
    messageFields: new Schema<MessageFieldsResponse>(
      { name: String, phone: String, company: String },
      { _id: false },
    ),
    questions: [
      new Schema<CardQuestion>(
        {
          id: String,
          label: String,
          kind: { type: String },
          required: Boolean,
          help: nullableString,
          choices: [String],
        },
        { _id: false },
      ),
    ],
    cardExchange: new Schema<CardExchangeSettings>(
      { enabled: Boolean, followUp: nullableString },
      { _id: false },
    ),
  },
  { _id: false },
);

const socialLinkSchema = new Schema<SocialLinkRecord>(
  { provider: String, label: nullableString, url: String, highlight: Boolean, order: Number },
  { _id: false },
);

const blockSchema = new Schema<ProfileDoc['blocks'][number]>(
  {
    id: String,
    // a field named "type" must be declared as { type: String }
    type: { type: String },
    title: String,
    subtitle: nullableString,
    payloadJson: nullableString,
    visible: Boolean,
    order: Number,
  },
  { _id: false },
);

export const profileSchema = new Schema<ProfileDoc>(
  {
    ownerId: { type: Schema.Types.ObjectId, required: true },
    handle: String,
    displayName: String,
    tagline: nullableString,
    bio: nullableString,
    published: Boolean,
    publishedAt: { type: Date, default: null },
    theme: String,
    layout: String,
    contact: contactSchema,
    media: mediaSchema,
    privacy: privacySchema,
    socialLinks: [socialLinkSchema],
    blocks: [blockSchema],
    teamId: { type: Schema.Types.ObjectId, default: null },
    templateId: { type: Schema.Types.ObjectId, default: null },
  },
  { collection: 'profiles', timestamps: true, versionKey: false, minimize: false },
);

export const sessionSchema = new Schema<SessionDoc>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    expiresAt: { type: Date, required: true },
    revokedAt: { type: Date, default: null },
    userAgent: { type: String, default: '' },
    country: { type: String, default: '' },
    deviceId: { type: String, default: '' },
    lastSeenAt: { type: Date },
    provedAt: { type: Date },
  },
  { collection: 'sessions', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

// dates set by the adapter, not mongoose's timestamps, as for exports
export const apiKeySchema = new Schema<ApiKeyDoc>(
  {
    userId: { type: Schema.Types.ObjectId, default: null },
    teamId: { type: Schema.Types.ObjectId, default: null },
    name: String,
    scopes: [String],
    keyHash: String,
    prefix: String,
    createdBy: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, default: null },
    expiresAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { collection: 'api_keys', versionKey: false },
);

export const accountTokenSchema = new Schema<AccountTokenDoc>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    purpose: String,
    tokenHash: String,
    newEmail: { type: String, default: null },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'account_tokens', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

// dates set by the adapter, not mongoose's timestamps: the service decides an export's times
export const accountExportSchema = new Schema<AccountExportDoc>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    status: String,
    createdAt: { type: Date, required: true },
    finishedAt: { type: Date, default: null },
    size: { type: Number, default: null },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'account_exports', versionKey: false },
);

const brandSchema = new Schema<TeamBrandRecord>(
  {
    companyName: nullableString,
    logoUrl: nullableString,
    bannerUrl: nullableString,
    website: nullableString,
    primaryColor: nullableString,
    secondaryColor: nullableString,
  },
  { _id: false },
);

export const teamSchema = new Schema<TeamDoc>(
  { name: String, brand: brandSchema, requireSecondFactor: { type: Boolean, default: false } },
  { collection: 'teams', timestamps: true, versionKey: false, minimize: false },
);

export const teamMemberSchema = new Schema<TeamMemberDoc>(
  {
    teamId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    role: String,
    joinedAt: { type: Date, required: true },
  },
  { collection: 'team_members', versionKey: false },
);

export const teamInvitationSchema = new Schema<TeamInvitationDoc>(
  {
    teamId: { type: Schema.Types.ObjectId, required: true },
    email: { type: String, lowercase: true },
    role: String,
    name: nullableString,
    title: nullableString,
    phone: nullableString,
    templateId: { type: Schema.Types.ObjectId, default: null },
    tokenHash: String,
    invitedBy: { type: Schema.Types.ObjectId, required: true },
    expiresAt: { type: Date, required: true },
  },
  {
    collection: 'team_invitations',
    timestamps: { createdAt: true, updatedAt: false },
    versionKey: false,
  },
);

const templateContentSchema = new Schema<TemplateContentDoc>(
  {
    tagline: nullableString,
    bio: nullableString,
    theme: String,
    layout: String,
    contact: contactSchema,
    media: mediaSchema,
    privacy: privacySchema,
    socialLinks: [socialLinkSchema],
    blocks: [blockSchema],
  },
  { _id: false, minimize: false },
);

export const cardTemplateSchema = new Schema<CardTemplateDoc>(
  {
    teamId: { type: Schema.Types.ObjectId, required: true },
    name: String,
    content: templateContentSchema,
    lockedFields: [String],
  },
  { collection: 'card_templates', timestamps: true, versionKey: false, minimize: false },
);
