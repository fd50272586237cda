import {
  dayInZone,
  dayRangeText,
  endOfDayInZone,
  isDayKey,
  resolveRange,
  startOfDayInZone,
  type RangeSelection,
} from './date-range';

const iso = (ms: number) => new Date(ms).toISOString();
const resolve = (selection: RangeSelection, timeZone: string, now: string, since?: string) =>
  resolveRange(selection, { timeZone, now: new Date(now), since });

describe('day boundaries in a zone', () => {
  it('starts a day in Asia/Kolkata at the half hour before UTC midnight', () => {
    expect(iso(startOfDayInZone('2026-11-15', 'Asia/Kolkata'))).toBe('2026-11-14T18:30:00.000Z');
    expect(iso(endOfDayInZone('2026-11-15', 'Asia/Kolkata'))).toBe('2026-11-15T18:29:59.999Z');
  });

  it('gives Berlin a 23-hour day in spring and a 25-hour day in autumn', () => {
    const spring =
      endOfDayInZone('2026-03-29', 'Europe/Berlin') + 1 - startOfDayInZone('2026-03-29', 'Europe/Berlin');
    const autumn =
      endOfDayInZone('2026-10-25', 'Europe/Berlin') + 1 - startOfDayInZone('2026-10-25', 'Europe/Berlin');
    expect(spring / 3_600_000).toBe(23);
    expect(autumn / 3_600_000).toBe(25);
    expect(iso(startOfDayInZone('2026-03-29', 'Europe/Berlin'))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(startOfDayInZone('2026-03-30', 'Europe/Berlin'))).toBe('2026-03-29T22:00:00.000Z');
  });

  it('starts a day whose midnight a clock change skips at its first hour (America/Santiago)', () => {
    expect(iso(startOfDayInZone('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
  });

  it('tells the day of an instant in a zone', () => {
    expect(dayInZone(new Date('2026-11-14T19:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-15');
    expect(dayInZone(new Date('2026-11-14T19:00:00Z'), 'UTC')).toBe('2026-11-14');
  });

  it('takes only real days', () => {
    expect(isDayKey('2026-02-28')).toBe(true);
    expect(isDayKey('2026-02-30')).toBe(false);
    expect(isDayKey('2026-2-3')).toBe(false);
    expect(isDayKey(null)).toBe(false);
  });
});

describe('the presets', () => {
  // 10:00 in Kolkata on Sunday 15 November 2026
  const kolkataNow = '2026-11-15T04:30:00.000Z';

  it.each([
    ['today', '2026-11-14T18:30:00.000Z', kolkataNow],
    ['yesterday', '2026-11-13T18:30:00.000Z', '2026-11-14T18:29:59.999Z'],
    ['7d', '2026-11-08T18:30:00.000Z', kolkataNow],
    ['30d', '2026-10-16T18:30:00.000Z', kolkataNow],
    ['90d', '2026-08-17T18:30:00.000Z', kolkataNow],
    ['month', '2026-10-31T18:30:00.000Z', kolkataNow],
    ['last-month', '2026-09-30T18:30:00.000Z', '2026-10-31T18:29:59.999Z'],
    ['year', '2025-12-31T18:30:00.000Z', kolkataNow],
  ] as const)('%s in Asia/Kolkata runs from local midnight', (preset, from, to) => {
    expect(resolve({ preset }, 'Asia/Kolkata', kolkataNow)).toMatchObject({ from, to, shortened: false });
  });

  it('counts Berlin days across the autumn clock change: summer midnights before, winter ones after', () => {
    // 12:00 in Berlin on 27 October 2026, two days after clocks went back
    const range = resolve({ preset: '7d' }, 'Europe/Berlin', '2026-10-27T11:00:00.000Z');
    expect(range).toMatchObject({ firstDay: '2026-10-21', lastDay: '2026-10-27' });
    expect(range.from).toBe('2026-10-20T22:00:00.000Z');
    const lastMonth = resolve({ preset: 'last-month' }, 'Europe/Berlin', '2026-11-02T11:00:00.000Z');
    expect(lastMonth.from).toBe('2026-09-30T22:00:00.000Z');
    expect(lastMonth.to).toBe('2026-10-31T22:59:59.999Z');
  });

  it('counts UTC days plainly', () => {
    const range = resolve({ preset: 'yesterday' }, 'UTC', '2026-03-01T12:00:00.000Z');
    expect(range).toMatchObject({ from: '2026-02-28T00:00:00.000Z', to: '2026-02-28T23:59:59.999Z' });
    expect(resolve({ preset: 'last-month' }, 'UTC', '2026-01-10T00:00:00.000Z')).toMatchObject({
      firstDay: '2025-12-01',
      lastDay: '2025-12-31',
    });
  });

  it('starts All time at the card’s creation day in the zone', () => {
    const range = resolve({ preset: 'all' }, 'Asia/Kolkata', kolkataNow, '2026-06-01T20:00:00.000Z');
    expect(range).toMatchObject({
      firstDay: '2026-06-02',
      from: '2026-06-01T18:30:00.000Z',
      shortened: false,
    });
  });

  it('keeps All time within the 366 days the api reads at once, and says so', () => {
    const range = resolve({ preset: 'all' }, 'UTC', '2026-11-15T10:00:00.000Z', '2023-01-01T00:00:00.000Z');
    expect(range).toMatchObject({ firstDay: '2025-11-15', lastDay: '2026-11-15', shortened: true });
    expect(Date.parse(range.to) - Date.parse(range.from)).toBeLessThanOrEqual(366 * 86_400_000);
  });

  it('never hands the api a range an hour too long across a clock change', () => {
    // a custom year from the last summer day before the clocks go back, to its anniversary (winter)
    const range = resolve({ from: '2025-10-25', to: '2026-10-25' }, 'Europe/Berlin', '2026-11-15T10:00:00Z');
    expect(Date.parse(range.to) - Date.parse(range.from)).toBeLessThanOrEqual(366 * 86_400_000);
    expect(range.shortened).toBe(true);
    expect(range.firstDay).toBe('2025-10-26');
  });
});

describe('a custom range', () => {
  it('runs from the first day’s local midnight to the last day’s end, whichever order they come in', () => {
    const range = resolve({ from: '2026-11-15', to: '2026-11-01' }, 'Asia/Kolkata', '2026-11-27T10:00:00Z');
    expect(range).toEqual({
      from: '2026-10-31T18:30:00.000Z',
      to: '2026-11-15T18:29:59.999Z',
      firstDay: '2026-11-01',
      lastDay: '2026-11-15',
      shortened: false,
    });
  });

  it('ends now when it ends today, and never in days to come', () => {
    const range = resolve({ from: '2026-11-20', to: '2026-12-31' }, 'UTC', '2026-11-27T10:00:00.000Z');
    expect(range).toMatchObject({ lastDay: '2026-11-27', to: '2026-11-27T10:00:00.000Z' });
  });

  it('is named by its days', () => {
    expect(dayRangeText('2026-11-01', '2026-11-15', 'en')).toBe('1 Nov – 15 Nov 2026');
    expect(dayRangeText('2025-12-28', '2026-01-03', 'en')).toBe('28 Dec 2025 – 3 Jan 2026');
    expect(dayRangeText('2026-11-04', '2026-11-04', 'en')).toBe('4 Nov 2026');
  });

  it('is named by its days in the language', () => {
    expect(dayRangeText('2025-12-28', '2026-01-03', 'de')).toBe('28. Dez. 2025 – 3. Jan. 2026');
    expect(dayRangeText('2026-11-04', '2026-11-04', 'fr')).toBe('4 nov. 2026');
    expect(dayRangeText('2026-11-04', '2026-11-04', 'ja')).toBe('2026年11月4日');
  });
});
