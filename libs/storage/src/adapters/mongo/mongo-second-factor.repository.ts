import type { Types } from 'mongoose';
import type { SecondFactorRecord, SecondFactorsRepository } from '../../ports';
import type { MongoModels } from './mongo-database';
import { objectId } from './mongo-object-id';
import type { SecondFactorDoc } from './mongo-second-factor-schemas';

// the time steps taken are kept this many steps back (30 s each): older ones are refused by the
// factor's last step before any insert is tried
const STEPS_KEPT = 20;

/**
 * no transactions, and no conditional update that decides between concurrent callers (FerretDB v1
 * answers its match to each of them): what must happen once is an insert under a unique index (a
 * time step) or a delete (a recovery code). a step that touches two collections writes the factor
 * first, so a crash between them leaves fewer codes, never codes of a factor that is off.
 */
export class MongoSecondFactorRepository implements SecondFactorsRepository {
  constructor(
    private readonly models: Pick<MongoModels, 'secondFactors' | 'recoveryCodes' | 'timeSteps' | 'users'>,
  ) {}

  async find(userId: string): Promise<SecondFactorRecord | null> {
    const _id = objectId(userId);
    if (!_id) return null;
    const doc = await this.models.secondFactors.findById(_id).lean<SecondFactorDoc>().exec();
    if (!doc) return null;
    const left = await this.models.recoveryCodes.countDocuments({ userId: _id }).exec();
    return {
      userId,
      sealedSecret: doc.sealedSecret,
      enabledAt: doc.enabledAt ?? null,
      lastTimeStep: doc.lastTimeStep ?? 0,
      recoveryCodesLeft: left,
      createdAt: doc.createdAt,
    };
  }

  async begin(userId: string, sealedSecret: string): Promise<boolean> {
    const _id = objectId(userId);
    if (!_id || !(await this.models.users.exists({ _id }).exec())) return false;
    try {
      await this.models.secondFactors
        .updateOne(
          { _id, enabledAt: null },
          { $set: { sealedSecret, lastTimeStep: 0, createdAt: new Date() } },
          { upsert: true },
        )
        .exec();
    } catch (error) {
      // E11000: the filter missed a factor that is on, and the insert met its id
      if ((error as { code?: unknown }).code === 11000) return false;
      throw error;
    }
    // a user deleted meanwhile: the factor goes too
    if (!(await this.models.users.exists({ _id }).exec())) {
      await this.models.secondFactors.deleteOne({ _id }).exec();
      return false;
    }
    return true;
  }

  async enable(userId: string, timeStep: number, recoveryCodeHashes: readonly string[]): Promise<boolean> {
    const _id = objectId(userId);
    if (!_id) return false;
    const waiting = await this.models.secondFactors.exists({ _id, enabledAt: null }).exec();
    // of two callers with the same first code, one takes its step
    if (!waiting || !(await this.takeStep(_id, timeStep))) return false;
    const result = await this.models.secondFactors
      .updateOne({ _id, enabledAt: null }, { $set: { enabledAt: new Date(), lastTimeStep: timeStep } })
      .exec();
    if (result.modifiedCount === 0) return false;
    await this.writeCodes(_id, recoveryCodeHashes);
    return true;
  }

  async useTimeStep(userId: string, timeStep: number): Promise<boolean> {
    const _id = objectId(userId);
    if (!_id) return false;
    const doc = await this.models.secondFactors.findById(_id).lean<SecondFactorDoc>().exec();
    if (!doc?.enabledAt || timeStep <= (doc.lastTimeStep ?? 0)) return false;
    if (!(await this.takeStep(_id, timeStep))) return false;
    await this.models.secondFactors
      .updateOne({ _id, lastTimeStep: { $lt: timeStep } }, { $set: { lastTimeStep: timeStep } })
      .exec();
    await this.models.timeSteps.deleteMany({ userId: _id, timeStep: { $lt: timeStep - STEPS_KEPT } }).exec();
    return true;
  }

  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const _id = objectId(userId);
    if (!_id || !(await this.isOn(_id))) return false;
    const result = await this.models.recoveryCodes.deleteOne({ userId: _id, codeHash }).exec();
    return result.deletedCount === 1;
  }

  async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<boolean> {
    const _id = objectId(userId);
    if (!_id || !(await this.isOn(_id))) return false;
    await this.writeCodes(_id, codeHashes);
    return true;
  }

  async remove(userId: string): Promise<boolean> {
    const _id = objectId(userId);
    if (!_id) return false;
    const result = await this.models.secondFactors.deleteOne({ _id }).exec();
    await this.models.recoveryCodes.deleteMany({ userId: _id }).exec();
    await this.models.timeSteps.deleteMany({ userId: _id }).exec();
    return result.deletedCount > 0;
  }

  async enabledAmong(userIds: readonly string[]): Promise<Set<string>> {
    const ids = userIds.map(objectId).filter((id): id is Types.ObjectId => id !== null);
    if (ids.length === 0) return new Set();
    const docs = await this.models.secondFactors
      .find({ _id: { $in: ids }, enabledAt: { $ne: null } }, { _id: 1 })
      .lean<Pick<SecondFactorDoc, '_id'>[]>()
      .exec();
    return new Set(docs.map((doc) => doc._id.toHexString()));
  }

  private async isOn(_id: Types.ObjectId): Promise<boolean> {
    return (await this.models.secondFactors.exists({ _id, enabledAt: { $ne: null } }).exec()) !== null;
  }

  /** true for the one caller whose insert of the step wins */
  private async takeStep(userId: Types.ObjectId, timeStep: number): Promise<boolean> {
    try {
      await this.models.timeSteps.create({ userId, timeStep });
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === 11000) return false;
      throw error;
    }
  }

  private async writeCodes(userId: Types.ObjectId, codeHashes: readonly string[]): Promise<void> {
    await this.models.recoveryCodes.deleteMany({ userId }).exec();
    await this.models.recoveryCodes.insertMany(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}
