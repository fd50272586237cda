/** what became of a request for a card by e-mail: the day's limits decide whether it is sent */
export type CardExchangeClaim = 'claimed' | 'already_sent' | 'recipient_limit';

export interface CardExchangeRequest {
  /** the recipient's address, hashed by the caller: the store never holds the address itself */
  recipientHash: string;
  profileId: string;
  /** the UTC day, YYYY-MM-DD */
  day: string;
  /** how many cards one recipient may be sent a day, across cards */
  perRecipientDailyMax: number;
  now: Date;
}

/**
 * the cards e-mailed to visitors who asked, by hashed address, card and day: what keeps Cardcraft
 * from flooding an inbox. nothing else is kept, and only for the day's limits.
 */
export interface CardExchangesRepository {
  /**
   * records the send when this card was not sent to the address that day and the address had fewer
   * than perRecipientDailyMax cards that day; otherwise records nothing and says which limit it met
   */
  claim(request: CardExchangeRequest): Promise<CardExchangeClaim>;
  /** forgets the days before this one (YYYY-MM-DD); answers how many records went */
  deleteBefore(day: string): Promise<number>;
}
