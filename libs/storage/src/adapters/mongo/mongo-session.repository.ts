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
    revokedAt: doc.revokedAt ?? null,
  };
}

export class MongoSessionRepository implements SessionsRepository {
  /** reads users to refuse a session of a user that is gone */
  constructor(private readonly models: Pick<MongoModels, 'sessions' | 'users'>) {}

  async create(session: NewSession): Promise<SessionRecord | null> {
    const userId = objectId(session.userId);
    if (!userId) return null;
    const { sessions, users } = this.models;
    const doc = await sessions.create({ userId, expiresAt: session.expiresAt, revokedAt: null });
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
