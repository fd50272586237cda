import type { AnalyticsMailSendsRepository } from '../../ports';
import type { MongoModels } from './mongo-database';
import { objectId } from './mongo-object-id';

export class MongoAnalyticsMailSendRepository implements AnalyticsMailSendsRepository {
  constructor(private readonly models: Pick<MongoModels, 'analyticsMailSends'>) {}

  async claim(userId: string, key: string, now: Date): Promise<boolean> {
    const _userId = objectId(userId);
    if (!_userId) return false;
    try {
      await this.models.analyticsMailSends.create({ userId: _userId, key, createdAt: now });
      return true;
    } catch (error) {
      // E11000 from mongodb and ferretdb alike: another process recorded this send first
      if ((error as { code?: unknown }).code === 11000) return false;
      throw error;
    }
  }

  async release(userId: string, key: string): Promise<void> {
    const _userId = objectId(userId);
    if (_userId) await this.models.analyticsMailSends.deleteOne({ userId: _userId, key }).exec();
  }

  async deleteBefore(before: Date): Promise<number> {
    const result = await this.models.analyticsMailSends.deleteMany({ createdAt: { $lt: before } }).exec();
    return result.deletedCount;
  }
}
