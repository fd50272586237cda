import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { ClickHouseAnalyticsStore, splitRange } from '../adapters/clickhouse/clickhouse-analytics-store';
import type { SqliteQueueDatabase } from '../adapters/sqlite-queue';
import { toClickHouseTime } from '../events';
import { BatchProcessor } from '../ingest/batch-processor';
import { NO_RECENT_WRITES, type FiguresReader, type RecentWrites } from '../ports';
import { EmbeddedWriteLog } from '../adapters/write-log/embedded-write-log';
import { withWriteLog } from '../adapters/write-log/write-logging-store';
import { openTestEnricher } from '../testing/enricher';
import type { EventType } from '@cardcraft/contracts';
import { IPS, USER_AGENTS, sampleEvent } from '../testing/sample-events';
import {
  AnalyticsReadService,
  clicksByOwner,
  decodeCursor,
  encodeCursor,
  granularityOf,
  parseRange,
  planDays,
  previousRange,
} from './analytics-read.service';
import { BusyDay } from './busy-days';
import { DayFiguresCache } from './day-cache';
import { EdgeDaysCache, TOO_MANY_EVENTS } from './edge-days-cache';
import { toCsv } from './csv';

describe('analytics ranges and cursors', () => {
  it('accepts ISO 8601 ranges up to 366 days', () => {
    const range = parseRange('2026-01-01T00:00:00Z', '2027-01-02T00:00:00.000Z');
    expect(range.from.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(parseRange('2026-01-01T00:00:00+02:00', '2026-01-02').from.toISOString()).toBe(
      '2025-12-31T22:00:00.000Z',
    );
  });

  it.each([
    ['yesterday', '2026-01-02T00:00:00Z', 'from'],
    ['2026-01-01T00:00:00Z', 'soon', 'to'],
    ['2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z', 'from'],
    ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 'from'],
    ['2026-01-01T00:00:00Z', '2027-01-02T00:00:01Z', 'to'],
  ])('refuses from=%s to=%s (field %s)', (from, to, field) => {
    expect(() => parseRange(from, to)).toThrow(expect.objectContaining({ field }));
  });

  it('is hourly up to two days, daily beyond', () => {
    expect(granularityOf(parseRange('2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z'))).toBe('hour');
    expect(granularityOf(parseRange('2026-01-01T00:00:00Z', '2026-01-03T00:00:01Z'))).toBe('day');
  });

  it('round-trips a cursor and refuses a forged one', () => {
    const cursor = { ts: new Date('2026-01-01T10:00:00.123Z'), id: '01a200f6-c00a-7188-819f-f0e3a97b4d3f' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(() => decodeCursor('nonsense')).toThrow(expect.objectContaining({ field: 'cursor' }));
    expect(() => decodeCursor(Buffer.from("1:' OR 1=1").toString('base64url'))).toThrow();
  });
});

describe('summary helpers', () => {
  it('compares with the period of the same length just before', () => {
    const range = parseRange('2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z');
    const before = previousRange(range);
    expect(before.to.toISOString()).toBe('2026-02-28T23:59:59.999Z');
    expect(before.to.getTime() - before.from.getTime()).toBe(range.to.getTime() - range.from.getTime());
  });

  it('counts link clicks for the card part holding the address, however it was typed', () => {
    expect(
      clicksByOwner(
        [
          { target: 'https://github.com/ada', clicks: 3, uniqueClicks: 2, clickRate: null },
          { target: 'https://cal.example/ada?x=1', clicks: 2, uniqueClicks: 2, clickRate: null },
          { target: 'https://unknown.example', clicks: 9, uniqueClicks: 9, clickRate: null },
          { target: 'not a url', clicks: 1, uniqueClicks: 1, clickRate: null },
        ],
        [
          { id: 'social:github', kind: 'social', label: 'GitHub', urls: ['https://GitHub.com/ada/'] },
          {
            id: 'b1',
            kind: 'block',
            label: 'Book a call',
            urls: ['https://cal.example/ada?x=1', 'not a url'],
          },
        ],
      ),
    ).toEqual([
      { id: 'b1', kind: 'block', label: 'Book a call', clicks: 3, uniqueClicks: 3, clickRate: null },
      { id: 'social:github', kind: 'social', label: 'GitHub', clicks: 3, uniqueClicks: 2, clickRate: null },
    ]);
  });
});

describe('splitting a range into rollup hours and raw edges', () => {
  const t = (iso: string) => toClickHouseTime(new Date(iso));
  const range = parseRange('2026-03-01T10:30:00Z', '2026-03-01T13:15:00Z');

  it('reads whole hours from the rollups and the partial ones raw', () => {
    expect(splitRange(range, null)).toEqual({
      rollupFrom: t('2026-03-01T11:00:00Z'),
      rollupTo: t('2026-03-01T13:00:00Z'),
      edge1From: t('2026-03-01T10:30:00Z'),
      edge1To: t('2026-03-01T11:00:00Z'),
      edge2From: t('2026-03-01T13:00:00Z'),
      edge2To: t('2026-03-01T13:15:00.001Z'),
    });
  });

  it('reads a range within one hour raw', () => {
    const inside = splitRange(parseRange('2026-03-01T10:10:00Z', '2026-03-01T10:20:00Z'), null);
    expect(inside.rollupFrom).toBe(inside.rollupTo);
    expect([inside.edge1From, inside.edge1To]).toEqual([
      t('2026-03-01T10:10:00Z'),
      t('2026-03-01T10:20:00.001Z'),
    ]);
    expect(inside.edge2From).toBe(inside.edge2To);
  });

  it('reads an edge whose raw rows expired from its whole hour', () => {
    const split = splitRange(range, new Date('2026-03-02T00:00:00Z'));
    expect([split.rollupFrom, split.rollupTo]).toEqual([
      t('2026-03-01T10:00:00Z'),
      t('2026-03-01T14:00:00Z'),
    ]);
    expect(split.edge1From).toBe(split.edge1To);
    expect(split.edge2From).toBe(split.edge2To);
  });
});

describe('csv', () => {
  it('quotes what needs it and defuses formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', '=HYPERLINK("z")'],
          [-1.5, null],
          ['say "hi"', '@me'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","\'=HYPERLINK(""z"")"\r\n-1.5,\r\n"say ""hi""",\'@me\r\n');
  });
});

describe('daily ranges and their cache', () => {
  it('splits a range into finished whole days and the partial rest', () => {
    const now = Date.parse('2026-03-10T15:00:00Z');
    expect(planDays(parseRange('2026-03-07T12:00:00Z', '2026-03-10T15:00:00Z'), now)).toEqual({
      wholeDays: ['2026-03-08', '2026-03-09'],
      partials: [
        { from: new Date('2026-03-07T12:00:00Z'), to: new Date('2026-03-07T23:59:59.999Z') },
        { from: new Date('2026-03-10T00:00:00Z'), to: new Date('2026-03-10T15:00:00Z') },
      ],
    });
    // today is never a whole day, even when the range covers it
    expect(planDays(parseRange('2026-03-09T00:00:00Z', '2026-03-10T23:59:59.999Z'), now).wholeDays).toEqual([
      '2026-03-09',
    ]);
  });

  it('forgets a day after its time, and the least recently used beyond its size', () => {
    let clock = 0;
    const cache = new DayFiguresCache({ ttlMs: 1000, maxEntries: 2 }, () => clock);
    const day = {
      byType: [],
      stepVisitors: { viewed: 1, saved_or_shared: 0, clicked: 0, messaged: 0 },
      breakdowns: [],
    };
    cache.set('p', '2026-03-01', day);
    cache.set('p', '2026-03-02', day);
    expect(cache.get('p', '2026-03-01')).toBe(day);
    cache.set('p', '2026-03-03', day);
    expect(cache.get('p', '2026-03-02')).toBeUndefined();
    clock = 1000;
    expect(cache.get('p', '2026-03-01')).toBeUndefined();
    cache.set('q', '2026-03-01', day);
    cache.forget('q');
    expect(cache.get('q', '2026-03-01')).toBeUndefined();
  });
});

/** the store's reads, counted per kind: what the caches save is what is not read */
type Reads = Partial<Record<keyof FiguresReader, number>>;

function counting(store: ClickHouseAnalyticsStore): { reader: FiguresReader; reads: () => Reads } {
  let reads: Reads = {};
  const names: Array<keyof FiguresReader> = [
    'figures',
    'breakdowns',
    'series',
    'visits',
    'dailyFigures',
    'rawEvents',
    'dayOutlines',
    'rawKeptSince',
    'live',
    'pieceFigures',
    'linkClickOutlines',
    'cardsVisits',
  ];
  const reader = Object.fromEntries(
    names.map((name) => {
      const method = store[name] as (...args: unknown[]) => unknown;
      return [
        name,
        (...args: unknown[]) => {
          // rawKeptSince is a setting the store knows, not a query
          if (name !== 'rawKeptSince') reads[name] = (reads[name] ?? 0) + 1;
          return method.apply(store, args);
        },
      ];
    }),
  ) as unknown as FiguresReader;
  return {
    reader: { ...reader, parallelQueries: store.parallelQueries },
    reads: () => {
      const counted = reads;
      reads = {};
      return counted;
    },
  };
}

describe('the read service over chdb: answers and counted store reads', () => {
  const CARD = 'read-service-card';
  /** 15:00 on the 10th: today is held up to 14:50, the events since are the tail */
  const NOW = Date.parse('2026-03-10T15:00:00Z');
  const clock = () => NOW;
  const RANGE_DAYS = parseRange('2026-03-07T12:00:00Z', '2026-03-10T15:00:00Z');
  const TODAY = parseRange('2026-03-10T00:00:00Z', '2026-03-10T15:00:00Z');
  let dir: string;
  let store: ClickHouseAnalyticsStore & RecentWrites;
  let db: SqliteQueueDatabase;
  let processor: BatchProcessor;
  /**
   * each event a browser of its own: the store counts a range's distinct ids, days added up count
   * each day's, and a day older than the kept salts hashes with today's salt
   */
  const BROWSERS = [USER_AGENTS.windowsChrome, USER_AGENTS.iphone, USER_AGENTS.macFirefox].flatMap(
    (userAgent) =>
      [IPS.us, IPS.gbBracknell, IPS.deNuremberg, IPS.brPortoAlegre].map((ip) => ({ userAgent, ip })),
  );
  const event = (ts: string, browser: number, type: EventType = 'view', target: string | null = null) =>
    sampleEvent({ profileId: CARD, ts: new Date(ts).toISOString(), type, target, ...BROWSERS[browser] });
  const click = (ts: string, browser: number, target: string) => event(ts, browser, 'link_clicked', target);
  /** what the store itself answers, nothing kept */
  const truth = (range = RANGE_DAYS) =>
    new AnalyticsReadService(store, store, { days: null }, clock).summary(CARD, range);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-read-service-'));
    // the embedded mode's store: chDB in this process, its writes known to the reads through the write log
    store = withWriteLog(
      ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dir, 'chdb') } }),
      new EmbeddedWriteLog(),
    );
    await store.migrate();
    const opened = await openTestEnricher();
    db = opened.db;
    processor = new BatchProcessor(opened.enricher, store);
    await processor.process({
      id: 'read-service-seed',
      events: [
        event('2026-03-04T10:00:00Z', 0),
        event('2026-03-06T09:00:00Z', 1),
        event('2026-03-07T08:00:00Z', 2),
        event('2026-03-07T13:00:00Z', 3),
        event('2026-03-08T11:00:00Z', 4, 'vcard_saved'),
        event('2026-03-09T18:00:00Z', 5),
        event('2026-03-10T09:00:00Z', 6),
        event('2026-03-10T14:55:00Z', 7),
        // the start day's clicks: one before the range starts, a visitor's two, and one of a visitor
        // who clicked before the start too
        click('2026-03-07T11:00:00Z', 2, 'https://a.example'),
        click('2026-03-07T13:10:00Z', 3, 'https://a.example'),
        click('2026-03-07T13:20:00Z', 3, 'https://a.example'),
        click('2026-03-07T14:00:00Z', 2, 'https://a.example'),
        click('2026-03-08T12:00:00Z', 4, 'https://a.example'),
        click('2026-03-10T10:00:00Z', 6, 'https://b.example'),
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a daily summary once, then from what it keeps, embedded', async () => {
    const { reader, reads } = counting(store);
    const service = new AnalyticsReadService(reader, store, undefined, clock);
    const expected = await truth();
    expect(expected).toMatchObject({ totalVisits: 4, engagement: { vcard_saved: 1, link_clicked: 5 } });
    expect(
      expected.clicksByLink.map(({ target, clicks, uniqueClicks }) => [target, clicks, uniqueClicks]),
    ).toEqual(
      expect.arrayContaining([
        ['https://a.example', 4, 3],
        ['https://b.example', 1, 1],
      ]),
    );
    expect(await service.summary(CARD, RANGE_DAYS)).toEqual(expected);
    // the days ranges start inside and today up to 14:50 with its tail, in one read; the whole days
    // of both periods and the parts too busy to hold (none here) in another; the link clicks'
    // visitors of the range's pieces in a third, of the start day's part from its held events
    expect(reads()).toEqual({ rawEvents: 1, dailyFigures: 1, pieceFigures: 1 });
    expect(await service.summary(CARD, RANGE_DAYS)).toEqual(expected);
    expect(reads()).toEqual({});
    // a start a minute later (a rolling range): counted from what is kept, link visitors too
    const moved = parseRange('2026-03-07T12:01:00Z', '2026-03-10T15:00:00Z');
    const movedTruth = await truth(moved);
    reads();
    expect(await service.summary(CARD, moved)).toEqual(movedTruth);
    expect(reads()).toEqual({});
  });

  it('adds what the store wrote since to today, without reading it, embedded', async () => {
    const { reader, reads } = counting(store);
    const service = new AnalyticsReadService(reader, store, undefined, clock);
    await service.summary(CARD, RANGE_DAYS);
    reads();
    // a batch of this process (an id made since the store opened): its write log holds the rows
    await processor.process({
      id: uuidv7(),
      events: [event('2026-03-10T14:58:00Z', 8)],
    });
    const expected = await truth();
    expect(expected.totalVisits).toBe(5);
    expect(await service.summary(CARD, RANGE_DAYS)).toEqual(expected);
    // a view written cannot change today's link clicks' visitors: nothing is read again
    expect(reads()).toEqual({});
  });

  it("reads today's tail on every summary where the recent writes are not known (cluster mode)", async () => {
    const { reader, reads } = counting(store);
    const service = new AnalyticsReadService(reader, NO_RECENT_WRITES, undefined, clock);
    const expected = await truth();
    expect(await service.summary(CARD, RANGE_DAYS)).toEqual(expected);
    expect(reads()).toEqual({ rawEvents: 1, dailyFigures: 1, pieceFigures: 1 });
    // finished days and today's held part are kept; the events since 14:50 are read again, and
    // today's link clicks' visitors
    expect(await service.summary(CARD, RANGE_DAYS)).toEqual(expected);
    expect(reads()).toEqual({ rawEvents: 1, pieceFigures: 1 });
  });

  it('reads an hourly summary from the store every time: four queries', async () => {
    const { reader, reads } = counting(store);
    const service = new AnalyticsReadService(reader, store, undefined, clock);
    expect(await service.summary(CARD, TODAY)).toEqual(await truth(TODAY));
    expect(reads()).toEqual({ figures: 2, breakdowns: 1, series: 1, pieceFigures: 1 });
  });

  it('serves the first page of visits again while nothing is written, embedded; reads it each time in cluster mode', async () => {
    const embedded = counting(store);
    const cluster = counting(store);
    const pages = [
      new AnalyticsReadService(embedded.reader, store, undefined, clock),
      new AnalyticsReadService(cluster.reader, NO_RECENT_WRITES, undefined, clock),
    ];
    const expected = (await store.visits(CARD, TODAY, 3, null)).slice(0, 2);
    for (const page of pages) {
      const first = await page.visits(CARD, TODAY, 2, null);
      expect(first.rows).toEqual(expected);
      expect(first.nextCursor).toEqual(expect.any(String));
      expect((await page.visits(CARD, TODAY, 2, null)).rows).toEqual(expected);
    }
    expect(embedded.reads()).toEqual({ visits: 1 });
    expect(cluster.reads()).toEqual({ visits: 2 });
  });

  describe('a card whose days are too busy to hold', () => {
    const BUSY = 'read-service-busy';
    /** starts inside 12:00 on the 7th; the period before ends there and starts inside 09:00 on the 4th */
    const RANGE = parseRange('2026-03-07T12:30:00Z', '2026-03-10T15:00:00Z');
    const busyEvent = (ts: string, browser: number, type: EventType = 'view') =>
      sampleEvent({ profileId: BUSY, ts: new Date(ts).toISOString(), type, ...BROWSERS[browser] });
    /** a service reading through `reader`, its edge-day cache holding `maxEventsPerDay` events a day */
    const holding = (reader: FiguresReader, maxEventsPerDay: number) => {
      const cache = new EdgeDaysCache({ ttlMs: 600_000, maxEventsPerDay, maxEvents: 10_000 });
      const service = new AnalyticsReadService(
        reader,
        store,
        { days: new DayFiguresCache(), edges: cache },
        clock,
      );
      return { service, cache };
    };
    /** every day's events held: counted exactly from them */
    const held = () =>
      new AnalyticsReadService(
        store,
        store,
        { days: new DayFiguresCache(), edges: new EdgeDaysCache() },
        clock,
      );

    beforeAll(async () => {
      await processor.process({
        id: 'read-service-busy-seed',
        events: [
          busyEvent('2026-03-04T08:00:00Z', 0),
          busyEvent('2026-03-04T09:59:59.998Z', 1),
          busyEvent('2026-03-04T10:00:00Z', 2, 'vcard_saved'),
          busyEvent('2026-03-04T11:00:00Z', 1),
          busyEvent('2026-03-05T10:00:00Z', 3),
          busyEvent('2026-03-07T09:00:00Z', 4),
          // a visitor before and after the range's start, in the hour it cuts
          busyEvent('2026-03-07T12:10:00Z', 5),
          busyEvent('2026-03-07T12:29:59.999Z', 6, 'link_clicked'),
          busyEvent('2026-03-07T12:30:00Z', 5),
          busyEvent('2026-03-07T13:40:00Z', 7, 'message_sent'),
          busyEvent('2026-03-07T20:00:00Z', 4),
          busyEvent('2026-03-08T08:00:00Z', 8),
          busyEvent('2026-03-10T08:00:00Z', 9),
          busyEvent('2026-03-10T09:00:00Z', 10),
          // the hour today's held part (to 14:50) cuts, and the events since: a visitor of both
          busyEvent('2026-03-10T14:20:00Z', 11),
          busyEvent('2026-03-10T14:49:59.999Z', 10, 'shared'),
          busyEvent('2026-03-10T14:52:00Z', 11),
          busyEvent('2026-03-10T14:58:00Z', 0),
        ],
      });
    });

    it('counts the days a range starts and ends inside from their outlines, as their events count', async () => {
      const { reader, reads } = counting(store);
      // three events an hour at most, more than three a day: the days are busy, their hours are not
      const { service, cache } = holding(reader, 3);
      const expected = await held().summary(BUSY, RANGE);
      expect(expected).toMatchObject({
        totalVisits: 8,
        uniqueVisitors: 7,
        engagement: { message_sent: 1, shared: 1 },
        comparison: { previous: { visits: 4, uniqueVisitors: 4, saves: 1 } },
      });
      // and as the store counts the range, nothing kept
      expect(
        await new AnalyticsReadService(store, store, { days: null }, clock).summary(BUSY, RANGE),
      ).toEqual(expected);
      expect(await service.summary(BUSY, RANGE)).toEqual(expected);
      expect(cache.get(BUSY, '2026-03-07')).toBeInstanceOf(BusyDay);
      expect(cache.get(BUSY, '2026-03-10@14:50')).toBeInstanceOf(BusyDay);
      reads();
      // warm: nothing read, the busy days included
      expect(await service.summary(BUSY, RANGE)).toEqual(expected);
      expect(reads()).toEqual({});
      // a range that starts inside another hour of the same day: that hour's events are read
      const later = parseRange('2026-03-07T13:40:00Z', '2026-03-10T15:00:00Z');
      expect(await service.summary(BUSY, later)).toEqual(await held().summary(BUSY, later));
      expect(reads()).toMatchObject({ dayOutlines: 1, rawEvents: 1 });
    });

    it('counts a today too busy for its events in the store once, until the next write', async () => {
      const { reader, reads } = counting(store);
      // an event an hour at most: today's held part, the hour it cuts and its tail are all too busy
      const { service, cache } = holding(reader, 1);
      const range = parseRange('2026-03-07T00:00:00Z', '2026-03-10T15:00:00Z');
      const expected = await held().summary(BUSY, range);
      expect(await service.summary(BUSY, range)).toEqual(expected);
      expect(reads()).toMatchObject({ dailyFigures: 1 });
      expect(cache.get(BUSY, '2026-03-10@14:50')).toBe(TOO_MANY_EVENTS);
      // nothing written since: today is not read or counted again, whatever the range's end
      const later = parseRange('2026-03-07T00:00:00Z', '2026-03-10T15:00:30Z');
      expect(await service.summary(BUSY, range)).toEqual(expected);
      expect(await service.summary(BUSY, later)).toEqual(await held().summary(BUSY, later));
      expect(reads()).toEqual({});
      // a write of the card: today is counted again, with it
      await processor.process({ id: uuidv7(), events: [busyEvent('2026-03-10T14:59:00Z', 3)] });
      const after = await held().summary(BUSY, range);
      expect(after.totalVisits).toBe(expected.totalVisits + 1);
      expect(await service.summary(BUSY, range)).toEqual(after);
      expect(reads()).toMatchObject({ dailyFigures: 1 });
    });

    it('leaves a busy hour to the store without reading it again when the day read shows it full', async () => {
      const CROWDED = 'read-service-crowded';
      // today's held part (to 14:50) has its events in the hour it cuts, more than a day holds
      await processor.process({
        id: 'read-service-crowded-seed',
        events: ['14:10', '14:20', '14:30', '14:40'].map((time, i) =>
          sampleEvent({ profileId: CROWDED, ts: `2026-03-10T${time}:00.000Z`, ...BROWSERS[i] }),
        ),
      });
      const { reader, reads } = counting(store);
      const { service, cache } = holding(reader, 2);
      const range = parseRange('2026-03-07T00:00:00Z', '2026-03-10T15:00:00Z');
      const expected = await held().summary(CROWDED, range);
      expect(expected.totalVisits).toBe(4);
      expect(await service.summary(CROWDED, range)).toEqual(expected);
      // the day's events and the tail in one read, the store's count in another: no outline, no hour
      expect(reads()).toEqual({ rawEvents: 1, dailyFigures: 1, pieceFigures: 1 });
      expect(cache.get(CROWDED, '2026-03-10@14:50')).toBe(TOO_MANY_EVENTS);
    });

    it('leaves to the store a busy day whose hours are too busy too', async () => {
      const { service, cache } = holding(store, 1);
      const expected = await held().summary(BUSY, RANGE);
      expect(await service.summary(BUSY, RANGE)).toEqual(expected);
      expect(cache.get(BUSY, '2026-03-07')).toBe(TOO_MANY_EVENTS);
      expect(await service.summary(BUSY, RANGE)).toEqual(expected);
    });
  });

  it('reads a card again once it is forgotten', async () => {
    const { reader, reads } = counting(store);
    const service = new AnalyticsReadService(reader, store, undefined, clock);
    await service.summary(CARD, RANGE_DAYS);
    await service.visits(CARD, TODAY, 2, null);
    reads();
    service.forget(CARD);
    await service.summary(CARD, RANGE_DAYS);
    await service.visits(CARD, TODAY, 2, null);
    expect(reads()).toEqual({
      rawEvents: 1,
      dailyFigures: 1,
      pieceFigures: 1,
      visits: 1,
    });
  });
});
