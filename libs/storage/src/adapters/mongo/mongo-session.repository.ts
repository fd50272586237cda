import type { NewSession, SessionRecord, SessionsRepository } from '../../ports';
import type { MongoModels } from './mongo-database';
import { objectId } from './mongo-object-id';
import type { SessionDoc } from './mongo-schemas';

function toSession(doc: SessionDoc): SessionRecord {
  return {
    id: doc._id.toHexString(),
    userId: doc.userId.toHexString(),
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
    lastSeenAt: doc.lastSeenAt ?? doc.createdAt,
    provedAt: doc.provedAt ?? doc.createdAt,
    revokedAt: doc.revokedAt ?? null,
    userAgent: doc.userAgent ?? '',
    country: doc.country ?? '',
    deviceId: doc.deviceId ?? '',
  };
}

export class MongoSessionRepository implements SessionsRepository {
  /** reads users to refuse a session of a user that is gone */
  constructor(private readonly models: Pick<MongoModels, 'sessions' | 'users'>) {}

  async create(session: NewSession): Promise<SessionRecord | null> {
    const userId = objectId(session.userId);
    if (!userId) return null;
    const { sessions, users } = this.models;
    // lastSeenAt and provedAt are left unset: they read as createdAt until set
    const doc = await sessions.create({
      userId,
      expiresAt: session.expiresAt,
      revokedAt: null,
      userAgent: session.userAgent ?? '',
      country: session.country ?? '',
      deviceId: session.deviceId ?? '',
    });
    // checked after the insert: a user deleted meanwhile either swept this session already or is
    // found missing here, so the session never outlives the user
    if (!(await users.exists({ _id: userId }).exec())) {
      await sessions.deleteOne({ _id: doc._id }).exec();
      return null;
    }
    return toSession(doc.toObject());
  }

  async findById(id: string): Promise<SessionRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const doc = await this.models.sessions.findById(_id).lean<SessionDoc>().exec();
    return doc ? toSession(doc) : null;
  }

  async listLive(userId: string, now: Date): Promise<SessionRecord[]> {
    const user = objectId(userId);
    if (!user) return [];
    const docs = await this.models.sessions
      .find({ userId: user, revokedAt: null, expiresAt: { $gt: now } })
      .lean<SessionDoc[]>()
      .exec();
    // sorted here: a session from before lastSeenAt is ordered by its start
    return docs
      .map(toSession)
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || (a.id < b.id ? 1 : -1));
  }

  async hasDevice(userId: string, deviceId: string): Promise<boolean> {
    const user = objectId(userId);
    if (!user) return false;
    return (await this.models.sessions.exists({ userId: user, deviceId }).exec()) !== null;
  }

  async touch(id: string, at: Date): Promise<void> {
    const _id = objectId(id);
    if (_id) await this.models.sessions.updateOne({ _id }, { $set: { lastSeenAt: at } }).exec();
  }

  async markProved(id: string, at: Date): Promise<boolean> {
    const _id = objectId(id);
    if (!_id) return false;
    const result = await this.models.sessions
      .updateOne({ _id, revokedAt: null, expiresAt: { $gt: new Date() } }, { $set: { provedAt: at } })
      .exec();
    return result.modifiedCount > 0;
  }

  async revokeOfUser(userId: string, id: string): Promise<boolean> {
    const _id = objectId(id);
    const user = objectId(userId);
    if (!_id || !user) return false;
    const now = new Date();
    const result = await this.models.sessions
      .updateOne(
        { _id, userId: user, revokedAt: null, expiresAt: { $gt: now } },
        { $set: { revokedAt: now } },
      )
      .exec();
    return result.modifiedCount > 0;
  }

  async revoke(id: string): Promise<boolean> {
    const _id = objectId(id);
    if (!_id) return false;
    const result = await this.models.sessions
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
    const result = await this.models.sessions.updateMany(filter, { $set: { revokedAt: new Date() } }).exec();
    return result.modifiedCount;
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.models.sessions.deleteMany({ expiresAt: { $lte: now } }).exec();
    return result.deletedCount;
  }
}
