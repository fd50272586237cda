import mongoose, { Schema, Types, type Connection, type Model } from 'mongoose';
import {
  messageFieldsOrDefault,
  type BlockType,
  type Layout,
  type MessageFieldsResponse,
  type Theme,
} from '@cardcraft/contracts';
import {
  DuplicateKeyError,
  type AccountTokensRepository,
  type BlockRecord,
  type ContactRecord,
  type LeadRecord,
  type LeadsRepository,
  type MediaRecord,
  type NewLead,
  type NewSession,
  type NewUser,
  type PageRequest,
  type PageResult,
  type PrivacyRecord,
  type ProfileData,
  type ProfileRecord,
  type ProfilesRepository,
  type SessionRecord,
  type SessionsRepository,
  type SocialLinkRecord,
  type Storage,
  type UserPatch,
  type UserRecord,
  type UsersRepository,
} from '../../ports';
import type { MediaRepository } from '../../media';
import { MongoMedia } from './mongo-media';
import { MongoAccountTokens, accountTokenSchema, type AccountTokenDoc } from './mongo-account-tokens';

interface UserDoc {
  _id: Types.ObjectId;
  email: string;
  displayName: string;
  passwordHash: string;
  /** absent on accounts made before the setting existed: on */
  notifyOnMessages?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

interface ProfileDoc {
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

interface LeadDoc {
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

interface SessionDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

// strings are not `required`: mongoose would reject '' and validation belongs to the api's dtos
const nullableString = { type: String, default: null };

const userSchema = new Schema<UserDoc>(
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

const profileSchema = new Schema<ProfileDoc>(
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

const leadSchema = new Schema<LeadDoc>(
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

const sessionSchema = new Schema<SessionDoc>(
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

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** null for anything that is not an id this adapter hands out, so a malformed id finds nothing */
function objectId(id: string): Types.ObjectId | null {
  return OBJECT_ID.test(id) ? new Types.ObjectId(id) : null;
}

/**
 * maps a duplicate key to the port's error by the index key: null when the error is something else.
 * mongodb answers E11000 and names the key (keyPattern, keyValue, "index: handle_1" in the message).
 * ferretdb v1 differs, and is read too since it costs mongodb nothing: its E11000 names only the
 * collection (the collection's one unique key besides _id is then meant), and on update its sqlite
 * backend answers InternalError (code 1) with sqlite's "UNIQUE constraint failed: index '<t>_handle_1'".
 */
export function duplicateKeyError(
  error: unknown,
  collectionKey: 'email' | 'handle',
): DuplicateKeyError | null {
  const e = error as { code?: unknown; keyPattern?: object; keyValue?: object; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : '';
  if (e?.code === 1) {
    const sqlite = /UNIQUE constraint failed: index '[^']*_(email|handle)_1'/.exec(message);
    return sqlite ? new DuplicateKeyError(sqlite[1] as 'email' | 'handle') : null;
  }
  if (e?.code !== 11000) return null;
  const fields = Object.keys(e.keyPattern ?? e.keyValue ?? {});
  const index = /index: (\S+)/.exec(message)?.[1];
  for (const key of ['email', 'handle'] as const) {
    if (fields.includes(key) || index === `${key}_1`) return new DuplicateKeyError(key);
  }
  return fields.length === 0 && index === undefined ? new DuplicateKeyError(collectionKey) : null;
}

function toUser(doc: UserDoc): UserRecord {
  return {
    id: doc._id.toHexString(),
    email: doc.email,
    displayName: doc.displayName,
    passwordHash: doc.passwordHash,
    notifyOnMessages: doc.notifyOnMessages !== false,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toProfile(doc: ProfileDoc): ProfileRecord {
  const contact = doc.contact ?? {};
  const media = doc.media ?? {};
  const privacy = doc.privacy ?? {};
  return {
    id: doc._id.toHexString(),
    ownerId: doc.ownerId.toHexString(),
    handle: doc.handle,
    displayName: doc.displayName,
    tagline: doc.tagline ?? null,
    bio: doc.bio ?? null,
    published: doc.published === true,
    publishedAt: doc.publishedAt ?? null,
    theme: doc.theme as Theme,
    layout: doc.layout as Layout,
    contact: {
      email: contact.email ?? null,
      phoneNumber: contact.phoneNumber ?? null,
      company: contact.company ?? null,
      location: contact.location ?? null,
      website: contact.website ?? null,
    },
    media: {
      avatarUrl: media.avatarUrl ?? null,
      bannerUrl: media.bannerUrl ?? null,
      ogImageUrl: media.ogImageUrl ?? null,
    },
    privacy: {
      collectGeo: privacy.collectGeo === true,
      collectIp: privacy.collectIp === true,
      showIdentifiedViewers: privacy.showIdentifiedViewers === true,
      allowMessages: privacy.allowMessages === true,
      messageFields: messageFieldsOrDefault(privacy.messageFields),
    },
    socialLinks: (doc.socialLinks ?? []).map((link) => ({
      provider: link.provider,
      label: link.label ?? null,
      url: link.url,
      highlight: link.highlight === true,
      order: link.order,
    })),
    blocks: (doc.blocks ?? []).map((block) => ({
      id: block.id,
      type: block.type as BlockType,
      title: block.title,
      subtitle: block.subtitle ?? null,
      payloadJson: block.payloadJson ?? null,
      visible: block.visible === true,
      order: block.order,
    })),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toLead(doc: LeadDoc): LeadRecord {
  return {
    id: doc._id.toHexString(),
    profileId: doc.profileId.toHexString(),
    email: doc.email,
    message: doc.message ?? null,
    name: doc.name ?? null,
    phone: doc.phone ?? null,
    company: doc.company ?? null,
    consent: doc.consent === true,
    consentText: doc.consentText,
    visitorUserId: doc.visitorUserId ?? null,
    createdAt: doc.createdAt,
  };
}

function toSession(doc: SessionDoc): SessionRecord {
  return {
    id: doc._id.toHexString(),
    userId: doc.userId.toHexString(),
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
    revokedAt: doc.revokedAt ?? null,
  };
}

/** the fields a profile's owner edits, and nothing a caller's object may carry besides */
function profileFields(data: ProfileData) {
  return {
    handle: data.handle,
    displayName: data.displayName,
    tagline: data.tagline,
    bio: data.bio,
    published: data.published,
    publishedAt: data.publishedAt,
    theme: data.theme,
    layout: data.layout,
    contact: data.contact,
    media: data.media,
    privacy: data.privacy,
    socialLinks: data.socialLinks,
    blocks: data.blocks,
  };
}

class MongoUsers implements UsersRepository {
  constructor(
    private readonly model: Model<UserDoc>,
    private readonly sessions: Model<SessionDoc>,
    private readonly tokens: Model<AccountTokenDoc>,
  ) {}

  async create(user: NewUser): Promise<UserRecord> {
    try {
      const doc = await this.model.create({
        email: user.email.toLowerCase(),
        displayName: user.displayName,
        passwordHash: user.passwordHash,
      });
      return toUser(doc.toObject());
    } catch (error) {
      throw duplicateKeyError(error, 'email') ?? error;
    }
  }

  async findById(id: string): Promise<UserRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const doc = await this.model.findById(_id).lean<UserDoc>().exec();
    return doc ? toUser(doc) : null;
  }

  async findByIds(ids: readonly string[]): Promise<UserRecord[]> {
    const objectIds = ids.map(objectId).filter((id): id is Types.ObjectId => id !== null);
    if (objectIds.length === 0) return [];
    const docs = await this.model
      .find({ _id: { $in: objectIds } })
      .lean<UserDoc[]>()
      .exec();
    return docs.map(toUser);
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const doc = await this.model.findOne({ email: email.toLowerCase() }).lean<UserDoc>().exec();
    return doc ? toUser(doc) : null;
  }

  async update(id: string, patch: UserPatch): Promise<UserRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const set: Partial<Pick<UserDoc, 'email' | 'displayName' | 'passwordHash' | 'notifyOnMessages'>> = {};
    if (patch.email !== undefined) set.email = patch.email.toLowerCase();
    if (patch.displayName !== undefined) set.displayName = patch.displayName;
    if (patch.passwordHash !== undefined) set.passwordHash = patch.passwordHash;
    if (patch.notifyOnMessages !== undefined) set.notifyOnMessages = patch.notifyOnMessages;
    try {
      const doc = await this.model
        .findOneAndUpdate({ _id }, { $set: set }, { new: true })
        .lean<UserDoc>()
        .exec();
      return doc ? toUser(doc) : null;
    } catch (error) {
      throw duplicateKeyError(error, 'email') ?? error;
    }
  }

  async delete(id: string): Promise<boolean> {
    const _id = objectId(id);
    if (!_id) return false;
    // no transaction (see profiles): the sessions go before and after the user. the first sweep means
    // a crash half-way leaves no live session of a half-deleted account; the second takes a session
    // created in between, and one created after it finds the user gone (MongoSessions.create).
    await this.sessions.deleteMany({ userId: _id }).exec();
    const result = await this.model.deleteOne({ _id }).exec();
    await this.sessions.deleteMany({ userId: _id }).exec();
    await this.tokens.deleteMany({ userId: _id }).exec();
    return result.deletedCount > 0;
  }
}

class MongoProfiles implements ProfilesRepository {
  constructor(
    private readonly model: Model<ProfileDoc>,
    private readonly leads: Model<LeadDoc>,
  ) {}

  async create(ownerId: string, data: ProfileData): Promise<ProfileRecord> {
    const owner = objectId(ownerId);
    if (!owner) throw new Error(`malformed owner id: ${ownerId}`);
    try {
      const doc = await this.model.create({ ...profileFields(data), ownerId: owner });
      return toProfile(doc.toObject());
    } catch (error) {
      throw duplicateKeyError(error, 'handle') ?? error;
    }
  }

  async findById(id: string): Promise<ProfileRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const doc = await this.model.findById(_id).lean<ProfileDoc>().exec();
    return doc ? toProfile(doc) : null;
  }

  async findOwned(id: string, ownerId: string): Promise<ProfileRecord | null> {
    const filter = this.ownedFilter(id, ownerId);
    if (!filter) return null;
    const doc = await this.model.findOne(filter).lean<ProfileDoc>().exec();
    return doc ? toProfile(doc) : null;
  }

  async findByHandle(handle: string): Promise<ProfileRecord | null> {
    const doc = await this.model.findOne({ handle }).lean<ProfileDoc>().exec();
    return doc ? toProfile(doc) : null;
  }

  async listByOwner(ownerId: string): Promise<ProfileRecord[]> {
    const owner = objectId(ownerId);
    if (!owner) return [];
    const docs = await this.model
      .find({ ownerId: owner })
      .sort({ createdAt: 1, _id: 1 })
      .lean<ProfileDoc[]>()
      .exec();
    return docs.map(toProfile);
  }

  async update(id: string, ownerId: string, data: ProfileData): Promise<ProfileRecord | null> {
    const filter = this.ownedFilter(id, ownerId);
    if (!filter) return null;
    try {
      const doc = await this.model
        .findOneAndUpdate(filter, { $set: profileFields(data) }, { new: true })
        .lean<ProfileDoc>()
        .exec();
      return doc ? toProfile(doc) : null;
    } catch (error) {
      throw duplicateKeyError(error, 'handle') ?? error;
    }
  }

  async delete(id: string, ownerId: string): Promise<boolean> {
    const filter = this.ownedFilter(id, ownerId);
    if (!filter) return false;
    if (!(await this.model.exists(filter).exec())) return false;
    // no transaction: ferretdb v1 (the test server) has none, and a standalone mongodb neither.
    // leads go first, so a crash half-way leaves a visible profile whose delete can be retried
    // rather than leads nobody can reach; the second sweep takes leads that arrived in between.
    await this.leads.deleteMany({ profileId: filter._id }).exec();
    const result = await this.model.deleteOne(filter).exec();
    await this.leads.deleteMany({ profileId: filter._id }).exec();
    return result.deletedCount > 0;
  }

  private ownedFilter(id: string, ownerId: string) {
    const _id = objectId(id);
    const owner = objectId(ownerId);
    return _id && owner ? { _id, ownerId: owner } : null;
  }
}

class MongoLeads implements LeadsRepository {
  constructor(private readonly model: Model<LeadDoc>) {}

  async create(lead: NewLead): Promise<LeadRecord> {
    const profileId = objectId(lead.profileId);
    if (!profileId) throw new Error(`malformed profile id: ${lead.profileId}`);
    const doc = await this.model.create({
      profileId,
      email: lead.email,
      message: lead.message,
      name: lead.name,
      phone: lead.phone,
      company: lead.company,
      consent: lead.consent,
      consentText: lead.consentText,
      visitorUserId: lead.visitorUserId,
    });
    return toLead(doc.toObject());
  }

  async listByProfile(profileId: string, page: PageRequest): Promise<PageResult<LeadRecord>> {
    const id = objectId(profileId);
    if (!id) return { items: [], total: 0 };
    const [docs, total] = await Promise.all([
      // _id breaks ties between leads of the same millisecond: later object ids sort after earlier ones
      this.model
        .find({ profileId: id })
        .sort({ createdAt: -1, _id: -1 })
        .skip(page.offset)
        .limit(page.limit)
        .lean<LeadDoc[]>()
        .exec(),
      this.model.countDocuments({ profileId: id }).exec(),
    ]);
    return { items: docs.map(toLead), total };
  }

  async findOne(profileId: string, leadId: string): Promise<LeadRecord | null> {
    const profile = objectId(profileId);
    const _id = objectId(leadId);
    if (!profile || !_id) return null;
    const doc = await this.model.findOne({ _id, profileId: profile }).lean<LeadDoc>().exec();
    return doc ? toLead(doc) : null;
  }

  async delete(profileId: string, leadId: string): Promise<boolean> {
    const profile = objectId(profileId);
    const _id = objectId(leadId);
    if (!profile || !_id) return false;
    const result = await this.model.deleteOne({ _id, profileId: profile }).exec();
    return result.deletedCount > 0;
  }
}

class MongoSessions implements SessionsRepository {
  constructor(
    private readonly model: Model<SessionDoc>,
    private readonly users: Model<UserDoc>,
  ) {}

  async create(session: NewSession): Promise<SessionRecord | null> {
    const userId = objectId(session.userId);
    if (!userId) return null;
    const doc = await this.model.create({ userId, expiresAt: session.expiresAt, revokedAt: null });
    // checked after the insert: a user deleted meanwhile either swept this session already or is
    // found missing here, so the session never outlives the user
    if (!(await this.users.exists({ _id: userId }).exec())) {
      await this.model.deleteOne({ _id: doc._id }).exec();
      return null;
    }
    return toSession(doc.toObject());
  }

  async findById(id: string): Promise<SessionRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const doc = await this.model.findById(_id).lean<SessionDoc>().exec();
    return doc ? toSession(doc) : null;
  }

  async revoke(id: string): Promise<boolean> {
    const _id = objectId(id);
    if (!_id) return false;
    const result = await this.model
      .updateOne({ _id, revokedAt: null }, { $set: { revokedAt: new Date() } })
      .exec();
    return result.modifiedCount > 0;
  }

  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<number> {
    const user = objectId(userId);
    if (!user) return 0;
    const except = exceptSessionId === undefined ? null : objectId(exceptSessionId);
    const filter = except
      ? { userId: user, revokedAt: null, _id: { $ne: except } }
      : { userId: user, revokedAt: null };
    const result = await this.model.updateMany(filter, { $set: { revokedAt: new Date() } }).exec();
    return result.modifiedCount;
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.model.deleteMany({ expiresAt: { $lte: now } }).exec();
    return result.deletedCount;
  }
}

export class MongoStorage implements Storage {
  readonly kind = 'mongo' as const;
  readonly users: UsersRepository;
  readonly profiles: ProfilesRepository;
  readonly leads: LeadsRepository;
  readonly sessions: SessionsRepository;
  readonly media: MediaRepository;
  readonly accountTokens: AccountTokensRepository;

  private constructor(
    private readonly connection: Connection,
    models: {
      users: Model<UserDoc>;
      profiles: Model<ProfileDoc>;
      leads: Model<LeadDoc>;
      sessions: Model<SessionDoc>;
      accountTokens: Model<AccountTokenDoc>;
    },
  ) {
    this.users = new MongoUsers(models.users, models.sessions, models.accountTokens);
    this.profiles = new MongoProfiles(models.profiles, models.leads);
    this.leads = new MongoLeads(models.leads);
    this.sessions = new MongoSessions(models.sessions, models.users);
    this.media = new MongoMedia(connection);
    this.accountTokens = new MongoAccountTokens(
      models.accountTokens,
      async (_id) => (await models.users.exists({ _id }).exec()) !== null,
    );
  }

  /** connects and creates the indexes before anything is written, so unique keys decide races */
  static async connect(url: string): Promise<MongoStorage> {
    // a connection of our own: the global mongoose default stays untouched
    const connection = mongoose.createConnection(url, {
      autoIndex: false,
      bufferCommands: false,
      serverSelectionTimeoutMS: 5_000,
    });
    try {
      await connection.asPromise();
      const models = {
        users: connection.model<UserDoc>('User', userSchema),
        profiles: connection.model<ProfileDoc>('Profile', profileSchema),
        leads: connection.model<LeadDoc>('Lead', leadSchema),
        sessions: connection.model<SessionDoc>('Session', sessionSchema),
        accountTokens: connection.model<AccountTokenDoc>('AccountToken', accountTokenSchema),
      };
      for (const model of Object.values(models)) await model.createIndexes();
      return new MongoStorage(connection, models);
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  async ping(): Promise<void> {
    const db = this.connection.db;
    if (!db) throw new Error('mongo is not connected');
    await db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

export async function createMongoStorage(url: string): Promise<Storage> {
  return MongoStorage.connect(url);
}
