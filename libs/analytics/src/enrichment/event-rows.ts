import type { EventType } from '@cardcraft/contracts';
import type { DayEventRow, DeviceType, StoredEvent, VisitRow } from '../events';
import { fromClickHouseTime } from '../events';

/**
 * the events table's columns in the order each row of an insert lists them: the insert names them, so
 * the table's own order does not matter
 */
export const EVENT_COLUMNS = [
  'event_id',
  'profile_id',
  'ts',
  'type',
  'visitor_id',
  'visitor_hash',
  'user_id',
  'authenticated',
  'user_agent',
  'device',
  'browser',
  'os',
  'referrer',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'channel',
  'target',
  'country',
  'city',
  'batch_id',
] as const satisfies ReadonlyArray<keyof StoredEvent>;

/**
 * the insert's format: ClickHouse's TabSeparated, a line per row, a tab between values. it is the
 * cheapest text format for chDB to parse that @clickhouse/client also sends as a body it did not
 * write itself (a raw format), so both transports get the same bytes
 */
export const EVENT_ROWS_FORMAT = 'TabSeparated';

// TabSeparated's escapes: a backslash, a tab and a line break would end a value or a row; \r and \0
// are escaped as ClickHouse writes them, so a value reads back as it was
const NEEDS_ESCAPE = /[\\\t\n\r\0]/;
const ESCAPABLE = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };
// what ClickHouse reads after a backslash; any other character stands for itself
const UNESCAPES: Record<string, string> = {
  t: '\t',
  n: '\n',
  r: '\r',
  '0': '\0',
  b: '\b',
  f: '\f',
  a: '\x07',
  v: '\v',
  e: '\x1b',
};

/** a value as a TabSeparated field; most values hold nothing to escape and are returned as they are */
export function tsvField(value: string): string {
  return value.length === 0 || !NEEDS_ESCAPE.test(value)
    ? value
    : value.replace(ESCAPABLE, (c) => ESCAPES[c]);
}

/** the inverse of tsvField, with the other one-letter escapes ClickHouse reads (\b, \f...) */
export function tsvValue(field: string): string {
  if (!field.includes('\\')) return field;
  return field.replace(/\\([\s\S])/g, (_, c: string) => UNESCAPES[c] ?? c);
}

/**
 * one row as the write log keeps it: the row as a summary counts it, with its card and what the visit
 * list shows of a view. one flat object a row (its visit is made only when the list asks for it): the
 * log holds every row for a while, so each object more a row is one more that outlives the young
 * collections
 */
export interface WrittenEvent extends DayEventRow {
  profileId: string;
  id: string;
  /** '' when the row names no one */
  userId: string;
}

/** the write log's view of a row, from the values the row stores (as a read of the row returns them) */
export function writtenEvent(
  eventId: string,
  profileId: string,
  ms: number,
  type: string,
  visitorId: string,
  userId: string,
  authenticated: boolean,
  device: string,
  referrerHost: string,
  channel: string,
  target: string,
  country: string,
  city: string,
  /** browser and the utm values, as the row stores them */
  more: { browser: string; utmSource: string; utmMedium: string; utmCampaign: string },
): WrittenEvent {
  return {
    ts: ms,
    type,
    visitorId,
    authenticated,
    country,
    city,
    device,
    browser: more.browser,
    referrerHost,
    channel,
    utmSource: more.utmSource,
    utmMedium: more.utmMedium,
    utmCampaign: more.utmCampaign,
    target,
    profileId,
    id: eventId,
    userId,
  };
}

/** a written row as a summary counts it (a read of the row gives the same) */
export function dayEventOf(row: WrittenEvent): DayEventRow {
  const { ts, type, visitorId, authenticated, country, city, device, browser, referrerHost, channel } = row;
  const { utmSource, utmMedium, utmCampaign, target } = row;
  return {
    ts,
    type,
    visitorId,
    authenticated,
    country,
    city,
    device,
    browser,
    referrerHost,
    channel,
    utmSource,
    utmMedium,
    utmCampaign,
    target,
  };
}

/** a written view as the visit list shows it */
export function visitOf(row: WrittenEvent): VisitRow {
  return {
    id: row.id,
    ts: new Date(row.ts),
    userId: row.userId || null,
    authenticated: row.authenticated,
    city: row.city || null,
    country: row.country || null,
    device: row.device || null,
    referrerHost: row.referrerHost || null,
  };
}

/** rows per chunk of the body at most */
const SEAL_EVERY = 256;

/**
 * the rows of one insert as its body, built a line at a time by the enricher (no row objects in
 * between), in chunks so a long batch can be written a slice at a time; with each row what the
 * store's write log keeps of it
 */
export class EventRows {
  readonly chunks: Buffer[] = [];
  readonly written: WrittenEvent[] = [];
  /**
   * the producer's id of the first queued batch the rows came from, where a queue handed several over
   * as one under an id of its own (EventBatch.firstBatchId); null: the insert's batch id is the producer's
   */
  firstBatchId: string | null = null;
  private text = '';
  private bytes = 0;

  /** a row: its TabSeparated line (fields escaped, ending with a line break) and its written form */
  add(line: string, written: WrittenEvent): void {
    this.text += line;
    this.written.push(written);
    // the lines go into a buffer (outside the js heap) every few hundred rows: held as strings until
    // the batch's end, thousands of them outlived young collections, which copied them each time
    if (this.written.length % SEAL_EVERY === 0) this.seal();
  }

  /** the lines added since the last seal become a chunk of the body */
  seal(): void {
    if (this.text.length === 0) return;
    const chunk = Buffer.from(this.text, 'utf8');
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    this.text = '';
  }

  get count(): number {
    return this.written.length;
  }

  get byteLength(): number {
    this.seal();
    return this.bytes;
  }

  /** the whole body, one buffer */
  body(): Buffer {
    this.seal();
    return this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.bytes);
  }

  /** the cards the rows belong to, each once */
  profileIds(): string[] {
    return [...new Set(this.written.map((row) => row.profileId))];
  }

  /** the rows read back from the body, as objects (for tests and tools; the insert never needs them) */
  rows(): StoredEvent[] {
    const text = this.body().toString('utf8');
    return text
      .split('\n')
      .filter((line) => line.length > 0)
      .map(readEventRow);
  }
}

/** a line of the body as the row it stores */
export function readEventRow(line: string): StoredEvent {
  const fields = line.split('\t').map(tsvValue);
  if (fields.length !== EVENT_COLUMNS.length) {
    throw new Error(`an events row has ${EVENT_COLUMNS.length} fields, not ${fields.length}`);
  }
  const row = Object.fromEntries(EVENT_COLUMNS.map((column, i) => [column, fields[i]])) as Record<
    (typeof EVENT_COLUMNS)[number],
    string
  >;
  return {
    ...row,
    type: row.type as EventType,
    authenticated: row.authenticated === '1' ? 1 : 0,
    device: row.device as DeviceType,
  };
}

/** a row object as its line */
export function eventRowLine(row: StoredEvent): string {
  let line = '';
  for (let i = 0; i < EVENT_COLUMNS.length; i++) {
    const value = row[EVENT_COLUMNS[i]];
    line += (i === 0 ? '' : '\t') + tsvField(String(value));
  }
  return `${line}\n`;
}

/** rows built as objects (tools, tests, a caller of the store's older shape) as an insert's rows */
export function eventRowsOf(rows: readonly StoredEvent[]): EventRows {
  const out = new EventRows();
  for (const row of rows) {
    out.add(
      eventRowLine(row),
      writtenEvent(
        row.event_id,
        row.profile_id,
        fromClickHouseTime(row.ts).getTime(),
        row.type,
        row.visitor_id,
        row.user_id,
        Number(row.authenticated) === 1,
        row.device,
        row.referrer_host,
        row.channel,
        row.target,
        row.country,
        row.city,
        {
          browser: row.browser,
          utmSource: row.utm_source,
          utmMedium: row.utm_medium,
          utmCampaign: row.utm_campaign,
        },
      ),
    );
  }
  out.seal();
  return out;
}
