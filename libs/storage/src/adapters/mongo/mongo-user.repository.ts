import type { Types } from 'mongoose';
import type { NewUser, UserPatch, UserRecord, UsersRepository } from '../../ports';
import type { MongoModels } from './mongo-database';
import { duplicateKeyError } from './mongo-errors';
import { objectId } from './mongo-object-id';
import type { UserDoc } from './mongo-schemas';

function toUser(doc: UserDoc): UserRecord {
  return {
    id: doc._id.toHexString(),
    email: doc.email,
    displayName: doc.displayName,
    passwordHash: doc.passwordHash,
    notifyOnMessages: doc.notifyOnMessages !== false,
    timeZone: doc.timeZone ?? null,
    analyticsReport: doc.analyticsReport ?? 'off',
    trafficAlertMultiple: doc.trafficAlertMultiple ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export class MongoUserRepository implements UsersRepository {
  /** the user's sessions, personal API keys, e-mailed links and team memberships go with the user */
  constructor(
    private readonly models: Pick<
      MongoModels,
      | 'users'
      | 'sessions'
      | 'accountTokens'
      | 'teamMembers'
      | 'apiKeys'
      | 'analyticsMailSends'
      | 'secondFactors'
      | 'recoveryCodes'
      | 'timeSteps'
      | 'passkeys'
    >,
  ) {}

  async create(user: NewUser): Promise<UserRecord> {
    try {
      const doc = await this.models.users.create({
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
    const doc = await this.models.users.findById(_id).lean<UserDoc>().exec();
    return doc ? toUser(doc) : null;
  }

  async findByIds(ids: readonly string[]): Promise<UserRecord[]> {
    const objectIds = ids.map(objectId).filter((id): id is Types.ObjectId => id !== null);
    if (objectIds.length === 0) return [];
    const docs = await this.models.users
      .find({ _id: { $in: objectIds } })
      .lean<UserDoc[]>()
      .exec();
    return docs.map(toUser);
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const doc = await this.models.users.findOne({ email: email.toLowerCase() }).lean<UserDoc>().exec();
    return doc ? toUser(doc) : null;
  }

  async update(id: string, patch: UserPatch): Promise<UserRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const set: Partial<
      Pick<
        UserDoc,
        | 'email'
        | 'displayName'
        | 'passwordHash'
        | 'notifyOnMessages'
        | 'timeZone'
        | 'analyticsReport'
        | 'trafficAlertMultiple'
      >
    > = {};
    if (patch.email !== undefined) set.email = patch.email.toLowerCase();
    if (patch.displayName !== undefined) set.displayName = patch.displayName;
    if (patch.passwordHash !== undefined) set.passwordHash = patch.passwordHash;
    if (patch.notifyOnMessages !== undefined) set.notifyOnMessages = patch.notifyOnMessages;
    if (patch.timeZone !== undefined) set.timeZone = patch.timeZone;
    if (patch.analyticsReport !== undefined) set.analyticsReport = patch.analyticsReport;
    if (patch.trafficAlertMultiple !== undefined) set.trafficAlertMultiple = patch.trafficAlertMultiple;
    try {
      const doc = await this.models.users
        .findOneAndUpdate({ _id }, { $set: set }, { new: true })
        .lean<UserDoc>()
        .exec();
      return doc ? toUser(doc) : null;
    } catch (error) {
      throw duplicateKeyError(error, 'email') ?? error;
    }
  }

  async listAnalyticsMailRecipients(afterId: string | null, limit: number): Promise<UserRecord[]> {
    const after = afterId === null ? null : objectId(afterId);
    const docs = await this.models.users
      .find({
        // a document from before the settings has neither field: no mail
        $or: [{ analyticsReport: { $in: ['weekly', 'monthly'] } }, { trafficAlertMultiple: { $gt: 0 } }],
        ...(after ? { _id: { $gt: after } } : {}),
      })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<UserDoc[]>()
      .exec();
    return docs.map(toUser);
  }

  async delete(id: string): Promise<boolean> {
    const _id = objectId(id);
    if (!_id) return false;
    const { users, sessions, accountTokens, teamMembers, apiKeys, analyticsMailSends } = this.models;
    const { secondFactors, recoveryCodes, timeSteps, passkeys } = this.models;
    // no transaction (see profiles): the sessions go before and after the user. the first sweep means
    // a crash half-way leaves no live session of a half-deleted account; the second takes a session
    // created in between, and one created after it finds the user gone (MongoSessionRepository.create).
    // the personal API keys likewise (a key made meanwhile finds the user gone: MongoApiKeyRepository)
    await sessions.deleteMany({ userId: _id }).exec();
    await apiKeys.deleteMany({ userId: _id }).exec();
    const result = await users.deleteOne({ _id }).exec();
    await sessions.deleteMany({ userId: _id }).exec();
    await apiKeys.deleteMany({ userId: _id }).exec();
    await accountTokens.deleteMany({ userId: _id }).exec();
    await analyticsMailSends.deleteMany({ userId: _id }).exec();
    await secondFactors.deleteOne({ _id }).exec();
    await recoveryCodes.deleteMany({ userId: _id }).exec();
    await timeSteps.deleteMany({ userId: _id }).exec();
    await passkeys.deleteMany({ userId: _id }).exec();
    // a membership added meanwhile finds the user gone and removes itself (MongoTeamRepository)
    await teamMembers.deleteMany({ userId: _id }).exec();
    return result.deletedCount > 0;
  }
}
