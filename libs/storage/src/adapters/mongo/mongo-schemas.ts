import { Schema, type Types } from 'mongoose';
import type { MessageFieldsResponse } from '@cardcraft/contracts';
import type { BlockRecord, ContactRecord, MediaRecord, PrivacyRecord, SocialLinkRecord } from '../../ports';

// the collections' documents, their schemas and their indexes: the one place that says what the
// database holds. mongo-database.ts creates the indexes when it connects; images and export zips live
// in GridFS (mongo-media.repository.ts, mongo-account-export.repository.ts) and need none.

export interface UserDoc {
  _id: Types.ObjectId;
  email: string;
  displayName: string;
  passwordHash: string;
  /** absent on accounts made before the setting existed: on */
  notifyOnMessages?: boolean;
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
  createdAt: Date;
  updatedAt: Date;
}

export interface LeadDoc {
  _id: Types.ObjectId;
  profileId: Types.ObjectId;
  email: string;
  message: string | null;
  name?: string | null;
  phone?: string | null;
  company?: string | null;
  consent: boolean;
  consentText: string;
  visitorUserId: string | null;
  createdAt: Date;
}

export interface SessionDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  createdAt: Date;
  expiresAt: Date;
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

// strings are not `required`: mongoose would reject '' and validation belongs to the api's dtos
const nullableString = { type: String, default: null };

export const userSchema = new Schema<UserDoc>(
  {
    email: { type: String, lowercase: true },
    displayName: String,
    passwordHash: String,
    notifyOnMessages: { type: Boolean, default: true },
  },
  { collection: 'users', timestamps: true, versionKey: false },
);
// e-mails are stored lower-cased, so a plain unique index is case-insensitive. (a collation index
// would also do on mongodb, but it keeps the stored value's case and ferretdb has no collations.)
userSchema.index({ email: 1 }, { unique: true });

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
  },
  { collection: 'profiles', timestamps: true, versionKey: false, minimize: false },
);
profileSchema.index({ handle: 1 }, { unique: true });
profileSchema.index({ ownerId: 1, createdAt: 1 });

export const leadSchema = new Schema<LeadDoc>(
  {
    profileId: { type: Schema.Types.ObjectId, required: true },
    email: String,
    message: nullableString,
    name: nullableString,
    phone: nullableString,
    company: nullableString,
    consent: Boolean,
    consentText: String,
    visitorUserId: nullableString,
  },
  { collection: 'leads', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
// _id completes the newest-first order, so a page is read straight off the index
leadSchema.index({ profileId: 1, createdAt: -1, _id: -1 });

export const sessionSchema = new Schema<SessionDoc>(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    expiresAt: { type: Date, required: true },
    revokedAt: { type: Date, default: null },
  },
  { collection: 'sessions', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
// a plain index, not a ttl one: ferretdb v1 has no ttl indexes, so expired sessions are swept by
// deleteExpired, and every read checks expiresAt anyway
sessionSchema.index({ userId: 1 });
sessionSchema.index({ expiresAt: 1 });

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
accountTokenSchema.index({ tokenHash: 1 }, { unique: true });
accountTokenSchema.index({ userId: 1, purpose: 1 });
// a plain index, not a ttl one (ferretdb v1 has none): expired links are swept by deleteExpired
accountTokenSchema.index({ expiresAt: 1 });

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
// one export per account: of two requests at once, the second insert is refused
accountExportSchema.index({ userId: 1 }, { unique: true });
accountExportSchema.index({ expiresAt: 1 });
