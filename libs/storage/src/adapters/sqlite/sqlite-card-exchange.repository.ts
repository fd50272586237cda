import type { CardExchangeClaim, CardExchangeRequest, CardExchangesRepository } from '../../ports';
import type { SqliteDatabase } from './sqlite-database';

export class SqliteCardExchangeRepository implements CardExchangesRepository {
  private readonly claimInTransaction: (request: CardExchangeRequest) => CardExchangeClaim;
  private readonly removeBefore;

  constructor(db: SqliteDatabase) {
    const sent = db.prepare<[string, string, string], { one: number }>(
      'SELECT 1 AS one FROM card_exchange_sends WHERE recipient_hash = ? AND day = ? AND profile_id = ?',
    );
    const count = db.prepare<[string, string], { total: number }>(
      'SELECT count(*) AS total FROM card_exchange_sends WHERE recipient_hash = ? AND day = ?',
    );
    const insert = db.prepare<[string, string, string, number]>(
      'INSERT INTO card_exchange_sends (recipient_hash, profile_id, day, created_at) VALUES (?, ?, ?, ?)',
    );
    // one transaction: the check and the insert cannot interleave with another request's
    this.claimInTransaction = db.transaction((request: CardExchangeRequest): CardExchangeClaim => {
      if (sent.get(request.recipientHash, request.day, request.profileId)) return 'already_sent';
      const total = count.get(request.recipientHash, request.day)?.total ?? 0;
      if (total >= request.perRecipientDailyMax) return 'recipient_limit';
      insert.run(request.recipientHash, request.profileId, request.day, request.now.getTime());
      return 'claimed';
    });
    this.removeBefore = db.prepare<[string]>('DELETE FROM card_exchange_sends WHERE day < ?');
  }

  async claim(request: CardExchangeRequest): Promise<CardExchangeClaim> {
    return this.claimInTransaction(request);
  }

  async deleteBefore(day: string): Promise<number> {
    return this.removeBefore.run(day).changes;
  }
}
