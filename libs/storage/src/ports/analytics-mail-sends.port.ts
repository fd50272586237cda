/**
 * the analytics mails already sent, one record per owner and key (a report's period, a card's alert
 * day): what keeps a report or an alert to one mail when several processes, or a restarted one, look
 * for what is due
 */
export interface AnalyticsMailSendsRepository {
  /**
   * records the send unless the owner already has one with this key; true when this call recorded it
   * (and so is the one to send), false when another did first
   */
  claim(userId: string, key: string, now: Date): Promise<boolean>;
  /** takes a claim back, when its mail could not be made: the next look sends it */
  release(userId: string, key: string): Promise<void>;
  /** forgets the sends recorded before this moment; answers how many went */
  deleteBefore(before: Date): Promise<number>;
}
