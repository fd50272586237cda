import { Inject, Injectable } from '@nestjs/common';
import type { EntryData, ZipArchive } from 'archiver';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { mediaKeyOf } from '@cardcraft/contracts';
import type {
  AccountExportRecord,
  AccountExportsRepository,
  MediaRepository,
  ProfileRecord,
  UserRecord,
  UsersRepository,
} from '@cardcraft/storage';
import { AnalyticsService } from '../analytics/analytics.service';
import { AnswerColumns, leadCsvRow, leadsCsvHeader } from '../leads/leads-csv';
import { LeadsService } from '../leads/leads.service';
import { ACCOUNT_EXPORTS, MEDIA, USERS } from '../platform/storage/storage.tokens';
import { toProfileResponse } from '../profiles/profile.mapper';
import { ProfilesService } from '../profiles/profiles.service';
import { exportReadme } from './export-readme';

/** a card's uploaded images and their names in the archive */
const PHOTOS = [
  ['avatarUrl', 'avatar'],
  ['bannerUrl', 'banner'],
  ['ogImageUrl', 'link-preview'],
] as const;
/** text of a streamed entry is handed to the zip in pieces of about this many characters */
const PIECE = 64 * 1024;

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

/** the account without its password hash or anything of its sessions */
function accountJson(user: UserRecord, cards: readonly ProfileRecord[], exportedAt: Date) {
  return {
    exportedAtUtc: exportedAt.toISOString(),
    account: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      createdAtUtc: user.createdAt.toISOString(),
      updatedAtUtc: user.updatedAt.toISOString(),
    },
    settings: {
      notifyOnMessages: user.notifyOnMessages,
      timeZone: user.timeZone,
      analyticsReport: user.analyticsReport,
      trafficAlertMultiple: user.trafficAlertMultiple,
    },
    cards: cards.map((card) => ({
      id: card.id,
      handle: card.handle,
      displayName: card.displayName,
      published: card.published,
      file: `cards/${card.handle}.json`,
    })),
  };
}

/** resolves once the zip has written the named entry; rejects when the signal aborts first */
function entryWritten(zip: ZipArchive, name: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (finish: () => void) => {
      zip.off('entry', onEntry);
      signal.removeEventListener('abort', onAbort);
      finish();
    };
    const onEntry = (entry: EntryData) => {
      if (entry.name === name) settle(resolve);
    };
    const onAbort = () => settle(() => reject(signal.reason));
    zip.on('entry', onEntry);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** the zip's end written; rejects when the signal aborts first (the store gave up: it never ends) */
function finalized(zip: ZipArchive, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    zip
      .finalize()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * the owner's data as one zip (README.txt, account.json, cards/, photos/, leads.csv, analytics/),
 * streamed into the exports store as it is made: long lists are fed to the zip as it takes them and
 * photos one at a time, so a large account is never held in memory whole
 */
@Injectable()
export class ExportArchive {
  constructor(
    @Inject(ACCOUNT_EXPORTS) private readonly exports: AccountExportsRepository,
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(MEDIA) private readonly media: MediaRepository,
    private readonly profiles: ProfilesService,
    private readonly leads: LeadsService,
    private readonly analytics: AnalyticsService,
  ) {}

  /** makes the account's zip and stores it under the export; resolves with its size in bytes */
  async write(record: AccountExportRecord, signal: AbortSignal): Promise<number> {
    signal.throwIfAborted();
    // the zip library (and its streams) loads at the first export, not with the api
    const archiver = await import('archiver');
    const zip = new archiver.ZipArchive({ zlib: { level: 6 } });
    // its errors reach us as the store's write failing; this only keeps them from being uncaught
    zip.on('error', () => undefined);
    // the store gave up (a full disk, a lost connection): stop reading the account
    const storeFailed = new AbortController();
    const stored = this.exports.writeArchive(record.id, zip);
    stored.catch((error: unknown) => storeFailed.abort(error));
    try {
      await Promise.all([
        this.fill(zip, record.userId, AbortSignal.any([signal, storeFailed.signal])),
        stored,
      ]);
    } catch (error) {
      // the store keeps nothing of a zip that ends in an error
      zip.destroy(error as Error);
      await stored.catch(() => undefined);
      throw error;
    }
    return zip.pointer();
  }

  private async fill(zip: ZipArchive, userId: string, signal: AbortSignal): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new Error('the account is gone');
    const cards = await this.profiles.list(userId);
    const now = new Date();
    const add = (name: string, body: string | Buffer, store = false) =>
      zip.append(body, { name, date: now, store });

    add('README.txt', exportReadme(user, cards, now));
    add('account.json', json(accountJson(user, cards, now)));
    for (const card of cards) {
      signal.throwIfAborted();
      add(`cards/${card.handle}.json`, json(toProfileResponse(card)));
      for (const [field, name] of PHOTOS) {
        const key = mediaKeyOf(card.media[field]);
        const photo = key ? await this.media.get(key) : null;
        // only the owner's own uploads: a card may show the address of someone else's image
        if (!key || !photo || photo.ownerId !== userId) continue;
        const entry = `photos/${card.handle}/${name}.${key.split('.').pop()}`;
        const written = entryWritten(zip, entry, signal);
        // images are compressed already: stored as they are; one in memory at a time
        add(entry, photo.data, true);
        await written;
      }
    }
    await this.streamEntry(zip, 'leads.csv', this.leadsCsv(userId, cards), now, signal);
    for (const card of cards) {
      const visits = this.analytics.exportVisitsCsv(card, now);
      await this.streamEntry(zip, `analytics/${card.handle}/visits.csv`, visits, now, signal);
      add(`analytics/${card.handle}/daily.csv`, await this.analytics.exportDailyCsv(card, now));
    }
    signal.throwIfAborted();
    await finalized(zip, signal);
  }

  /** every lead of every card, the card's handle first; read twice, first for the questions' columns */
  private async *leadsCsv(userId: string, cards: readonly ProfileRecord[]): AsyncGenerator<string> {
    const columns = new AnswerColumns();
    for (const card of cards) for await (const lead of this.leads.all(card.id, userId)) columns.add(lead);
    yield leadsCsvHeader(['Card'], columns.labels);
    for (const card of cards) {
      for await (const lead of this.leads.all(card.id, userId)) {
        yield leadCsvRow(lead, [card.handle], columns.labels);
      }
    }
  }

  /**
   * an entry whose text is read in pieces: handed to the zip as it takes them (the zip reads an entry
   * only once those before it are written), so the whole text is never held
   */
  private async streamEntry(
    zip: ZipArchive,
    name: string,
    pieces: AsyncIterable<string>,
    date: Date,
    signal: AbortSignal,
  ): Promise<void> {
    const entry = new PassThrough();
    zip.append(entry, { name, date });
    try {
      let pending = '';
      for await (const piece of pieces) {
        signal.throwIfAborted();
        pending += piece;
        if (pending.length < PIECE) continue;
        if (!entry.write(pending)) await once(entry, 'drain', { signal });
        pending = '';
      }
      entry.end(pending);
    } catch (error) {
      // no error on the entry itself: the caller ends the whole zip with it
      entry.destroy();
      throw error;
    }
  }
}
