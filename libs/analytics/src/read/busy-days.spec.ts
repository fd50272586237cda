import { FUNNEL_STEPS, type DayEventRow, type DayOutline, type FunnelStepName } from '../ports';
import { BusyDay, rawHoursOf, visitorKey } from './busy-days';
import { DayEvents } from './edge-days';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY_END = T0 + 24 * HOUR;
const TYPES = ['view', 'view', 'link_clicked', 'vcard_saved', 'view', 'message_sent', 'shared'];

/** a busy day: events every 7 minutes, 40 visitors coming back, every type and breakdown value */
const rows: DayEventRow[] = Array.from({ length: (24 * 60) / 7 }, (_, i) => ({
  ts: T0 + i * 7 * MIN + (i % 5),
  type: TYPES[i % TYPES.length] as string,
  visitorId: `v${(i * 7) % 40}`,
  authenticated: i % 3 === 0,
  country: ['US', 'GB', 'DE'][i % 3] as string,
  device: ['mobile', 'desktop'][i % 2] as string,
  referrerHost: ['', 't.co'][i % 2] as string,
  channel: ['direct', 'qr', 'share'][i % 3] as string,
  city: ['', 'Berlin', 'Austin'][i % 3] as string,
  browser: ['Safari', 'Chrome'][i % 2] as string,
  utmSource: ['', 'news'][i % 2] as string,
  utmMedium: '',
  utmCampaign: ['', 'launch', 'spring'][i % 3] as string,
  target: i % TYPES.length === 2 ? `https://example.com/${i % 4}` : '',
}));

/** the outline the store would give of rows in [start, end): whole hours' counts, visitors' first and last events */
function outlineOf(events: DayEventRow[], start: number, end: number): DayOutline {
  const hours: DayOutline['hours'] = [];
  for (let hour = Math.ceil(start / HOUR) * HOUR; hour + HOUR <= end; hour += HOUR) {
    const figures = DayEvents.of(events).figures(hour, hour + HOUR - 1);
    if (figures.byType.length > 0)
      hours.push({ hour, byType: figures.byType, breakdowns: figures.breakdowns });
  }
  const visitors = (Object.keys(FUNNEL_STEPS) as FunnelStepName[]).map((step) => {
    const seen = new Map<string, { first: number; last: number }>();
    for (const row of events) {
      if (row.ts < start || row.ts >= end) continue;
      if (!(FUNNEL_STEPS[step] as readonly string[]).includes(row.type)) continue;
      const times = seen.get(row.visitorId) ?? { first: row.ts, last: row.ts };
      times.first = Math.min(times.first, row.ts);
      times.last = Math.max(times.last, row.ts);
      seen.set(row.visitorId, times);
    }
    return {
      step,
      ids: [...seen.keys()],
      first: [...seen.values()].map((t) => t.first),
      last: [...seen.values()].map((t) => t.last),
    };
  });
  return { hours, visitors };
}

function busyDay(
  events: DayEventRow[],
  start: number,
  end: number,
  parts: Array<[number, number]>,
  today = false,
) {
  const raw = new Map<number, DayEvents>();
  for (const [from, to] of parts)
    for (const hour of rawHoursOf(start, end, from, to))
      raw.set(
        hour,
        DayEvents.of(events.filter((row) => row.ts >= hour && row.ts < Math.min(hour + HOUR, end))),
      );
  return BusyDay.of({ start, end }, outlineOf(events, start, end), raw, today);
}

/** figures in a stable order, to compare counts from the outline with counts from the events */
function sorted(figures: ReturnType<DayEvents['figures']> | null) {
  if (!figures) return null;
  return {
    byType: [...figures.byType].sort((a, b) => a.type.localeCompare(b.type)),
    stepVisitors: figures.stepVisitors,
    breakdowns: [...figures.breakdowns].sort((a, b) =>
      `${a.dimension} ${a.value}`.localeCompare(`${b.dimension} ${b.value}`),
    ),
  };
}

describe('rawHoursOf', () => {
  it('names the hours a part covers only in part', () => {
    expect(rawHoursOf(T0, DAY_END, T0 + 90 * MIN, DAY_END - 1)).toEqual([T0 + HOUR]);
    expect(rawHoursOf(T0, DAY_END, T0, T0 + 10 * HOUR + 5 * MIN)).toEqual([T0 + 10 * HOUR]);
    // bounds on the hour: the rollups have every hour whole
    expect(rawHoursOf(T0, DAY_END, T0 + 2 * HOUR, T0 + 5 * HOUR - 1)).toEqual([]);
    // today held to 14:50: the hour it cuts is read raw
    expect(rawHoursOf(T0, T0 + 14 * HOUR + 50 * MIN, T0, DAY_END)).toEqual([T0 + 14 * HOUR]);
  });
});

describe('BusyDay', () => {
  const all = DayEvents.of(rows);

  it.each([
    ['a suffix inside an hour', T0 + 13 * HOUR + 17 * MIN + 3, DAY_END - 1],
    ['a prefix inside an hour', T0, T0 + 13 * HOUR + 17 * MIN + 2],
    ['a suffix on an event', rows[100]?.ts as number, DAY_END - 1],
    ['a prefix on an event', T0, rows[100]?.ts as number],
    ['a suffix on the hour', T0 + 5 * HOUR, DAY_END - 1],
    ['the whole day', T0, DAY_END - 1],
  ])('counts %s as the events do', (_, from, to) => {
    const day = busyDay(rows, T0, DAY_END, [[from, to]]);
    expect(sorted(day.figures(from, to))).toEqual(sorted(all.figures(from, to)));
  });

  it('counts a visitor of both parts of a day once in each', () => {
    const cut = T0 + 12 * HOUR + 30 * MIN;
    const day = busyDay(rows, T0, DAY_END, [
      [T0, cut - 1],
      [cut, DAY_END - 1],
    ]);
    const before = day.figures(T0, cut - 1);
    const after = day.figures(cut, DAY_END - 1);
    expect(before?.stepVisitors).toEqual(all.figures(T0, cut - 1).stepVisitors);
    expect(after?.stepVisitors).toEqual(all.figures(cut, DAY_END - 1).stepVisitors);
    // visitors of both parts count in each, once in the whole day
    expect((before?.stepVisitors.viewed ?? 0) + (after?.stepVisitors.viewed ?? 0)).toBeGreaterThan(
      all.figures(T0, DAY_END - 1).stepVisitors.viewed,
    );
  });

  it('leaves to the store a part inside the day, and one whose hour it has no events of', () => {
    const from = T0 + 2 * HOUR + 5 * MIN;
    const day = busyDay(rows, T0, DAY_END, [[from, DAY_END - 1]]);
    expect(day.figures(from, T0 + 20 * HOUR)).toBeNull();
    expect(day.holdsHoursOf(T0 + 3 * HOUR + 1, DAY_END - 1)).toBe(false);
    expect(day.figures(T0 + 3 * HOUR + 1, DAY_END - 1)).toBeNull();
  });

  it("counts today's held part and the events since, a visitor of both once", () => {
    const cutoff = T0 + 14 * HOUR + 50 * MIN;
    const now = T0 + 15 * HOUR + 2 * MIN;
    const held = rows.filter((row) => row.ts < cutoff);
    const since = DayEvents.of([
      ...rows.filter((row) => row.ts >= cutoff && row.ts <= now),
      // a visitor new today, and one seen before the cutoff
      { ...(rows[0] as DayEventRow), ts: now, visitorId: 'new' },
      { ...(rows[0] as DayEventRow), ts: now, visitorId: 'v0', type: 'message_sent' },
    ]);
    const day = busyDay(held, T0, cutoff, [[T0, now]], true);
    const expected = DayEvents.of(held).figuresWith(since, T0, now);
    expect(sorted(day.figuresWith(since, T0, now))).toEqual(sorted(expected));
    expect(day.figuresWith(since, T0, now)?.stepVisitors.viewed).toBe(41);
    // a finished day keeps no ids: it has no events since
    expect(busyDay(held, T0, cutoff, [[T0, now]]).figuresWith(since, T0, now)).toBeNull();
  });
});

describe('visitorKey', () => {
  it("tells apart a busy day's visitor ids", () => {
    const ids = Array.from(
      { length: 200_000 },
      (_, i) => `d-${(i * 2654435761).toString(16).padStart(30, '0')}`,
    );
    expect(new Set(ids.map(visitorKey)).size).toBe(ids.length);
    expect(visitorKey('d-1')).toBe(visitorKey('d-1'));
    expect(Number.isSafeInteger(visitorKey('d-1'))).toBe(true);
  });
});
