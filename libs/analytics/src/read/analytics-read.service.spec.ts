import { decodeCursor, encodeCursor, granularityOf, parseRange } from './analytics-read.service';

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
