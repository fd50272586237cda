import type { CardExchangeClaim, CardExchangeRequest, CardExchangesRepository } from '../../ports';
import type { MongoModels } from './mongo-database';

export class MongoCardExchangeRepository implements CardExchangesRepository {
  constructor(private readonly models: Pick<MongoModels, 'cardExchangeSends'>) {}

  /**
   * the unique index decides between two requests for the same card; the day's count across cards is
   * read after the insert, and an insert past the limit is taken back (two at once may then both be
   * refused: the limit errs on the side of sending less)
   */
  async claim(request: CardExchangeRequest): Promise<CardExchangeClaim> {
    const { recipientHash, day, profileId } = request;
    const before = await this.models.cardExchangeSends.countDocuments({ recipientHash, day }).exec();
    if (before >= request.perRecipientDailyMax) {
      const sent = await this.models.cardExchangeSends.exists({ recipientHash, day, profileId }).exec();
      return sent ? 'already_sent' : 'recipient_limit';
    }
    let id;
    try {
      ({ _id: id } = await this.models.cardExchangeSends.create({
        recipientHash,
        day,
        profileId,
        createdAt: request.now,
      }));
    } catch (error) {
      // E11000 from mongodb and ferretdb alike: the unique index met the same card, address and day
      if ((error as { code?: unknown }).code === 11000) return 'already_sent';
      throw error;
    }
    const total = await this.models.cardExchangeSends.countDocuments({ recipientHash, day }).exec();
    if (total > request.perRecipientDailyMax) {
      await this.models.cardExchangeSends.deleteOne({ _id: id }).exec();
      return 'recipient_limit';
    }
    return 'claimed';
  }

  async deleteBefore(day: string): Promise<number> {
    const result = await this.models.cardExchangeSends.deleteMany({ day: { $lt: day } }).exec();
    return result.deletedCount;
  }
}
