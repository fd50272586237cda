/** how often the owner gets the analytics report by e-mail */
export type AnalyticsReportSetting = 'off' | 'weekly' | 'monthly';

export interface UserRecord {
  id: string;
  /** stored lower-cased; unique */
  email: string;
  displayName: string;
  passwordHash: string;
  /** e-mail the user for each new message on one of the user's cards; true unless turned off */
  notifyOnMessages: boolean;
  /** the IANA zone the owner counts days in (reports, dashboard); null until chosen */
  timeZone: string | null;
  /** how often the analytics report is e-mailed */
  analyticsReport: AnalyticsReportSetting;
  /** an hour's visits at this many times a card's usual hour e-mail an alert; null: no alerts */
  trafficAlertMultiple: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  email: string;
  displayName: string;
  passwordHash: string;
}

export interface UserPatch {
  displayName?: string;
  passwordHash?: string;
  /** lower-cased by the store; throws DuplicateKeyError('email') when another account has it */
  email?: string;
  notifyOnMessages?: boolean;
  /** null clears it */
  timeZone?: string | null;
  analyticsReport?: AnalyticsReportSetting;
  /** null turns the alert off */
  trafficAlertMultiple?: number | null;
}

export interface UsersRepository {
  /** throws DuplicateKeyError('email') when the e-mail (case-insensitive) is taken */
  create(user: NewUser): Promise<UserRecord>;
  findById(id: string): Promise<UserRecord | null>;
  /** the users of these ids that exist, in no particular order: one round trip for a page of them */
  findByIds(ids: readonly string[]): Promise<UserRecord[]>;
  /** case-insensitive */
  findByEmail(email: string): Promise<UserRecord | null>;
  /** throws DuplicateKeyError('email') when a patched e-mail belongs to another account */
  update(id: string, patch: UserPatch): Promise<UserRecord | null>;
  /**
   * a page of the users who chose an analytics report or a traffic alert, by id ascending after
   * `afterId` (null: from the first): what the hourly analytics mail walks through
   */
  listAnalyticsMailRecipients(afterId: string | null, limit: number): Promise<UserRecord[]>;
  /**
   * deletes the user with its sessions, e-mailed links and team memberships; the account service
   * deletes (or hands over) the cards it holds first
   */
  delete(id: string): Promise<boolean>;
}
