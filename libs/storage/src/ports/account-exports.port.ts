import type { Readable } from 'node:stream';

// an owner's data export: one per account (a new one replaces the one before, archive and all), its
// state in the store and its zip beside it: files under DATA_DIR/exports with SQLite, a GridFS bucket
// with MongoDB, as the images are kept.

export type AccountExportState = 'preparing' | 'ready' | 'failed';

export interface AccountExportRecord {
  id: string;
  userId: string;
  status: AccountExportState;
  createdAt: Date;
  /** when it became ready or failed; null while preparing */
  finishedAt: Date | null;
  /** the archive's bytes once ready */
  size: number | null;
  /** the record and its archive are deleted after this */
  expiresAt: Date;
}

export interface NewAccountExport {
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  /**
   * an export still preparing that started before this is taken as abandoned (the process making it
   * stopped) and replaced; a younger one blocks the new one
   */
  staleBefore: Date;
}

export interface AccountExportEnd {
  status: 'ready' | 'failed';
  size: number | null;
  finishedAt: Date;
  expiresAt: Date;
}

export interface AccountExportsRepository {
  /** the account's export; null when it has none */
  findByUser(userId: string): Promise<AccountExportRecord | null>;
  /**
   * a new export, preparing, in place of the account's previous one (whose archive is deleted). null
   * while another one is preparing: one at a time per account, across processes too
   */
  start(input: NewAccountExport): Promise<AccountExportRecord | null>;
  /** stores the archive's bytes as they come; rejects (keeping nothing) when the stream fails */
  writeArchive(id: string, bytes: Readable): Promise<void>;
  /**
   * ends a preparing export. null when it is gone meanwhile (replaced, or deleted with its account):
   * its archive is deleted then, so nothing outlives its record
   */
  finish(id: string, end: AccountExportEnd): Promise<AccountExportRecord | null>;
  /** the archive's bytes; null when none is stored */
  openArchive(id: string): Promise<Readable | null>;
  /** the account's export and its archive: the account is going */
  deleteForUser(userId: string): Promise<number>;
  /** exports past their expiry with their archives, and archives left without a record */
  deleteExpired(now: Date): Promise<number>;
}
