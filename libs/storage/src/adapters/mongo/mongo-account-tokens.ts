import { Schema, Types, type Model } from 'mongoose';
import type {
  AccountTokenPurpose,
  AccountTokenRecord,
  AccountTokensRepository,
  NewAccountToken,
} from '../../ports';

export interface AccountTokenDoc {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  purpose: string;
  tokenHash: string;
  newEmail: string | null;
  createdAt: Date;
  expiresAt: Date;
}

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

const OBJECT_ID = /^[0-9a-f]{24}$/;

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

export class MongoAccountTokens implements AccountTokensRepository {
  constructor(
    private readonly model: Model<AccountTokenDoc>,
    private readonly userExists: (id: Types.ObjectId) => Promise<boolean>,
  ) {}

  async create(token: NewAccountToken): Promise<AccountTokenRecord | null> {
    if (!OBJECT_ID.test(token.userId)) return null;
    const userId = new Types.ObjectId(token.userId);
    const doc = await this.model.create({
      userId,
      purpose: token.purpose,
      tokenHash: token.tokenHash,
      newEmail: token.newEmail,
      expiresAt: token.expiresAt,
    });
    // checked after the insert, as sessions are: a link never outlives its user
    if (!(await this.userExists(userId))) {
      await this.model.deleteOne({ _id: doc._id }).exec();
      return null;
    }
    return toToken(doc.toObject());
  }

  async consume(
    tokenHash: string,
    purpose: AccountTokenPurpose,
    now: Date,
  ): Promise<AccountTokenRecord | null> {
    const doc = await this.model
      .findOne({ tokenHash, purpose, expiresAt: { $gt: now } })
      .lean<AccountTokenDoc>()
      .exec();
    if (!doc) return null;
    // the delete decides: of two callers with the same link only one removes the document. (not
    // findOneAndDelete: ferretdb v1, the test server, answers it to every concurrent caller.)
    const { deletedCount } = await this.model.deleteOne({ _id: doc._id }).exec();
    return deletedCount === 1 ? toToken(doc) : null;
  }

  async deleteForUser(userId: string, purpose: AccountTokenPurpose): Promise<number> {
    if (!OBJECT_ID.test(userId)) return 0;
    const result = await this.model.deleteMany({ userId: new Types.ObjectId(userId), purpose }).exec();
    return result.deletedCount;
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.model.deleteMany({ expiresAt: { $lte: now } }).exec();
    return result.deletedCount;
  }
}
