import type {
  AccountTokenPurpose,
  AccountTokenRecord,
  AccountTokensRepository,
  NewAccountToken,
} from '../../ports';
import type { MongoModels } from './mongo-database';
import { objectId } from './mongo-object-id';
import type { AccountTokenDoc } from './mongo-schemas';

function toToken(doc: AccountTokenDoc): AccountTokenRecord {
  return {
    id: doc._id.toHexString(),
    userId: doc.userId.toHexString(),
    purpose: doc.purpose as AccountTokenPurpose,
    tokenHash: doc.tokenHash,
    newEmail: doc.newEmail ?? null,
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
  };
}

export class MongoAccountTokenRepository implements AccountTokensRepository {
  /** reads users to refuse a link of a user that is gone */
  constructor(private readonly models: Pick<MongoModels, 'accountTokens' | 'users'>) {}

  async create(token: NewAccountToken): Promise<AccountTokenRecord | null> {
    const userId = objectId(token.userId);
    if (!userId) return null;
    const { accountTokens, users } = this.models;
    const doc = await accountTokens.create({
      userId,
      purpose: token.purpose,
      tokenHash: token.tokenHash,
      newEmail: token.newEmail,
      expiresAt: token.expiresAt,
    });
    // checked after the insert, as sessions are: a link never outlives its user
    if (!(await users.exists({ _id: userId }).exec())) {
      await accountTokens.deleteOne({ _id: doc._id }).exec();
      return null;
    }
    return toToken(doc.toObject());
  }

  async consume(
    tokenHash: string,
    purpose: AccountTokenPurpose,
    now: Date,
  ): Promise<AccountTokenRecord | null> {
    const { accountTokens } = this.models;
    const doc = await accountTokens
      .findOne({ tokenHash, purpose, expiresAt: { $gt: now } })
      .lean<AccountTokenDoc>()
      .exec();
    if (!doc) return null;
    // the delete decides: of two callers with the same link only one removes the document. (not
    // findOneAndDelete: ferretdb v1, the test server, answers it to every concurrent caller.)
    const { deletedCount } = await accountTokens.deleteOne({ _id: doc._id }).exec();
    return deletedCount === 1 ? toToken(doc) : null;
  }

  async deleteForUser(userId: string, purpose: AccountTokenPurpose): Promise<number> {
    const user = objectId(userId);
    if (!user) return 0;
    const result = await this.models.accountTokens.deleteMany({ userId: user, purpose }).exec();
    return result.deletedCount;
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.models.accountTokens.deleteMany({ expiresAt: { $lte: now } }).exec();
    return result.deletedCount;
  }
}
