import type { Types } from 'mongoose';
import type { NewPasskey, PasskeyRecord, PasskeysRepository } from '../../ports';
import type { MongoModels } from './mongo-database';
import { objectId } from './mongo-object-id';
import type { PasskeyDoc } from './mongo-passkey-schemas';

function toPasskey(doc: PasskeyDoc): PasskeyRecord {
  return {
    id: doc._id,
    userId: doc.userId.toHexString(),
    publicKey: doc.publicKey,
    counter: doc.counter,
    transports: [...(doc.transports ?? [])],
    name: doc.name,
    deviceType: doc.deviceType,
    backedUp: doc.backedUp === true,
    createdAt: doc.createdAt,
    lastUsedAt: doc.lastUsedAt ?? null,
  };
}

const isDuplicate = (error: unknown) => (error as { code?: unknown }).code === 11000;

export class MongoPasskeyRepository implements PasskeysRepository {
  constructor(private readonly models: Pick<MongoModels, 'passkeys' | 'webauthnChallenges' | 'users'>) {}

  async create(passkey: NewPasskey): Promise<boolean> {
    const userId = objectId(passkey.userId);
    if (!userId || !(await this.models.users.exists({ _id: userId }).exec())) return false;
    try {
      await this.models.passkeys.create({
        _id: passkey.id,
        userId,
        publicKey: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports,
        name: passkey.name,
        deviceType: passkey.deviceType,
        backedUp: passkey.backedUp,
        createdAt: new Date(),
        lastUsedAt: null,
      });
    } catch (error) {
      if (isDuplicate(error)) return false;
      throw error;
    }
    // a user deleted meanwhile: the passkey goes too
    if (!(await this.models.users.exists({ _id: userId }).exec())) {
      await this.models.passkeys.deleteOne({ _id: passkey.id }).exec();
      return false;
    }
    return true;
  }

  async listForUser(userId: string): Promise<PasskeyRecord[]> {
    const _id = objectId(userId);
    if (!_id) return [];
    const docs = await this.models.passkeys
      .find({ userId: _id })
      .sort({ createdAt: 1, _id: 1 })
      .lean<PasskeyDoc[]>()
      .exec();
    return docs.map(toPasskey);
  }

  async findById(id: string): Promise<PasskeyRecord | null> {
    if (typeof id !== 'string' || id === '') return null;
    const doc = await this.models.passkeys.findById(id).lean<PasskeyDoc>().exec();
    return doc ? toPasskey(doc) : null;
  }

  async recordUse(id: string, counter: number, at: Date): Promise<void> {
    await this.models.passkeys.updateOne({ _id: id }, { $set: { counter, lastUsedAt: at } }).exec();
  }

  async rename(userId: string, id: string, name: string): Promise<PasskeyRecord | null> {
    const _userId = objectId(userId);
    if (!_userId) return null;
    const doc = await this.models.passkeys
      .findOneAndUpdate({ _id: id, userId: _userId }, { $set: { name } }, { new: true })
      .lean<PasskeyDoc>()
      .exec();
    return doc ? toPasskey(doc) : null;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const _userId = objectId(userId);
    if (!_userId) return false;
    const result = await this.models.passkeys.deleteOne({ _id: id, userId: _userId }).exec();
    return result.deletedCount === 1;
  }

  async holdersAmong(userIds: readonly string[]): Promise<Set<string>> {
    const ids = userIds.map(objectId).filter((id): id is Types.ObjectId => id !== null);
    if (ids.length === 0) return new Set();
    const docs = await this.models.passkeys
      .find({ userId: { $in: ids } }, { userId: 1 })
      .lean<Pick<PasskeyDoc, 'userId'>[]>()
      .exec();
    return new Set(docs.map((doc) => doc.userId.toHexString()));
  }

  async claimChallenge(challengeHash: string, expiresAt: Date): Promise<boolean> {
    try {
      await this.models.webauthnChallenges.create({ _id: challengeHash, expiresAt });
      return true;
    } catch (error) {
      if (isDuplicate(error)) return false;
      throw error;
    }
  }

  async deleteExpiredChallenges(now: Date): Promise<number> {
    const result = await this.models.webauthnChallenges.deleteMany({ expiresAt: { $lte: now } }).exec();
    return result.deletedCount;
  }
}
