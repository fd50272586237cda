import type { DayEventRow } from '../ports';
import { DayEvents } from './edge-days';
import { EdgeDaysCache, TOO_MANY_EVENTS } from './edge-days-cache';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const MIN = 60_000;
const DAY_MS = 24 * 60 * MIN;

function row(minute: number, overrides: Partial<DayEventRow> = {}): DayEventRow {
  return {
    ts: T0 + minute * MIN,
    type: 'view',
    visitorId: 'a',
    authenticated: false,
    country: 'US',
    device: 'mobile',
    referrerHost: '',
    channel: 'direct',
    city: '',
    browser: 'Safari',
    utmSource: '',
    utmMedium: '',
    utmCampaign: '',
    target: '',
    ...overrides,
  };
}

describe('DayEvents', () => {
  const rows = [
    row(10),
    row(20, { visitorId: 'b', authenticated: true, country: 'GB', channel: 'qr' }),
    row(30, { type: 'link_clicked', target: 'https://github.com/x' }),
    row(40, { visitorId: 'b', type: 'vcard_saved' }),
    row(50, { visitorId: 'a' }),
    row(60, { visitorId: 'c', type: 'message_sent' }),
  ];
  const events = DayEvents.of(rows);

  it("counts each link's distinct clickers from a moment on, a visitor's clicks once", () => {
    const clicks = DayEvents.of([
      row(5, { visitorId: 'a', type: 'link_clicked', target: 'https://x.example' }),
      row(10, { visitorId: 'b', type: 'link_clicked', target: 'https://x.example' }),
      row(20, { visitorId: 'b', type: 'link_clicked', target: 'https://x.example' }),
      row(25, { visitorId: 'b' }),
      row(30, { visitorId: 'a', type: 'link_clicked', target: 'https://y.example' }),
      row(40, { visitorId: 'c', type: 'link_clicked', target: 'https://x.example' }),
    ]);
    expect(clicks.linkClickersFrom(T0)).toEqual(
      new Map([
        ['https://x.example', 3],
        ['https://y.example', 1],
      ]),
    );
    // from 00:10 on: a's click on x was before, b's two count once
    expect(clicks.linkClickersFrom(T0 + 10 * MIN)).toEqual(
      new Map([
        ['https://x.example', 2],
        ['https://y.example', 1],
      ]),
    );
    expect(clicks.linkClickersFrom(T0 + 31 * MIN)).toEqual(new Map([['https://x.example', 1]]));
    expect(clicks.linkClickersFrom(T0 + 41 * MIN)).toEqual(new Map());
  });

  it('counts the events between two moments, both included', () => {
    const figures = events.figures(T0 + 20 * MIN, T0 + 50 * MIN);
    expect(figures.byType).toEqual([
      { type: 'view', events: 2, authenticated: 1 },
      { type: 'link_clicked', events: 1, authenticated: 0 },
      { type: 'vcard_saved', events: 1, authenticated: 0 },
    ]);
    expect(figures.stepVisitors).toEqual({ viewed: 2, saved_or_shared: 1, clicked: 1, messaged: 0 });
    // every dimension of a view, a link click's target
    expect(figures.breakdowns).toEqual([
      { dimension: 'country', value: 'US', count: 1 },
      { dimension: 'country', value: 'GB', count: 1 },
      { dimension: 'city', value: '', count: 2 },
      { dimension: 'device', value: 'mobile', count: 2 },
      { dimension: 'browser', value: 'Safari', count: 2 },
      { dimension: 'referrer_host', value: '', count: 2 },
      { dimension: 'channel', value: 'direct', count: 1 },
      { dimension: 'channel', value: 'qr', count: 1 },
      { dimension: 'utm_source', value: '', count: 2 },
      { dimension: 'utm_medium', value: '', count: 2 },
      { dimension: 'utm_campaign', value: '', count: 2 },
      { dimension: 'link', value: 'https://github.com/x', count: 1 },
    ]);
  });

  it('counts a visitor once per step, however often they came', () => {
    expect(events.figures(T0, T0 + 24 * 60 * MIN - 1).stepVisitors).toEqual({
      viewed: 2,
      saved_or_shared: 1,
      clicked: 1,
      messaged: 1,
    });
  });

  it('takes later rows in: the same figures as all the rows made into one, in any order', () => {
    const later = [
      row(70, { visitorId: 'd', referrerHost: 'news.example', channel: 'referral' }),
      row(45, { visitorId: 'c', type: 'link_clicked', target: 'https://example.com' }),
      row(80, { visitorId: 'a', type: 'message_sent' }),
    ];
    const all = DayEvents.of([...rows, ...later].sort((a, b) => a.ts - b.ts));
    const joined = events.with(later);
    expect(joined.size).toBe(9);
    for (const [from, to] of [
      [T0, T0 + DAY_MS - 1],
      [T0 + 40 * MIN, T0 + 75 * MIN],
      [T0 + 46 * MIN, T0 + 90 * MIN],
    ] as const) {
      expect(joined.figures(from, to)).toEqual(all.figures(from, to));
      expect(joined.stepVisitorKeys(from, to)).toEqual(all.stepVisitorKeys(from, to));
    }
    // the events it was made from are left as they were
    expect(events.size).toBe(6);
    expect(events.with([])).toBe(events);
  });

  it("counts a visitor of both its events and a later part's once per step", () => {
    const later = DayEvents.of([
      row(70, { visitorId: 'a' }),
      row(80, { visitorId: 'd' }),
      row(90, { visitorId: 'c', type: 'message_sent' }),
    ]);
    const figures = events.figuresWith(later, T0, T0 + DAY_MS - 1);
    // viewed: a and b before, a again and d later; messaged: c in both
    expect(figures.stepVisitors).toEqual({ viewed: 3, saved_or_shared: 1, clicked: 1, messaged: 1 });
    expect(figures.byType).toEqual(
      expect.arrayContaining([
        { type: 'view', events: 5, authenticated: 1 },
        { type: 'message_sent', events: 2, authenticated: 0 },
      ]),
    );
  });

  it('has nothing outside its events', () => {
    expect(events.figures(T0 + 61 * MIN, T0 + 120 * MIN)).toEqual({
      byType: [],
      stepVisitors: { viewed: 0, saved_or_shared: 0, clicked: 0, messaged: 0 },
      breakdowns: [],
    });
  });
});

describe('EdgeDaysCache', () => {
  const day = (n: number) => DayEvents.of(Array.from({ length: n }, (_, i) => row(i)));

  it('holds at most maxEvents, the least recently used going first', () => {
    const cache = new EdgeDaysCache({ ttlMs: 1000, maxEventsPerDay: 10, maxEvents: 10 });
    cache.set('p', '2026-03-01', day(4));
    cache.set('p', '2026-03-02', day(4));
    expect(cache.get('p', '2026-03-01')).toBeInstanceOf(DayEvents);
    cache.set('p', '2026-03-03', day(4));
    expect(cache.get('p', '2026-03-02')).toBeUndefined();
    expect(cache.get('p', '2026-03-01')).toBeInstanceOf(DayEvents);
    expect(cache.events).toBe(8);
  });

  it('forgets a day after its time, and a card erased', () => {
    let clock = 0;
    const cache = new EdgeDaysCache({ ttlMs: 1000, maxEventsPerDay: 10, maxEvents: 100 }, () => clock);
    cache.set('p', '2026-03-01', day(2));
    cache.set('q', '2026-03-01', TOO_MANY_EVENTS);
    expect(cache.get('q', '2026-03-01')).toBe(TOO_MANY_EVENTS);
    cache.forget('q');
    expect(cache.get('q', '2026-03-01')).toBeUndefined();
    clock = 1000;
    expect(cache.get('p', '2026-03-01')).toBeUndefined();
    expect(cache.events).toBe(0);
  });
});
