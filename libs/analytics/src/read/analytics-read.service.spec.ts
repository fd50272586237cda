import { splitRange } from '../adapters/clickhouse/clickhouse-analytics-store';
import { toClickHouseTime } from '../events';
import {
  clicksByOwner,
  decodeCursor,
  encodeCursor,
  granularityOf,
  parseRange,
  planDays,
  previousRange,
} from './analytics-read.service';
import { DayFiguresCache } from './day-cache';
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
          { target: 'https://github.com/ada', clicks: 3 },
          { target: 'https://cal.example/ada?x=1', clicks: 2 },
          { target: 'https://unknown.example', clicks: 9 },
          { target: 'not a url', clicks: 1 },
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
      { id: 'b1', kind: 'block', label: 'Book a call', clicks: 3 },
      { id: 'social:github', kind: 'social', label: 'GitHub', clicks: 3 },
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
