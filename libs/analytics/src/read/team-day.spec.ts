import type { TeamEventRow } from '../ports';
import { DAY, HOUR } from './range-planner';
import { TeamDayEvents } from './team-day';
import { TeamLayout, UNIQUES, VISITS } from './team-layout';

const START = Date.parse('2026-03-10T00:00:00Z');
const CARDS = ['card-a', 'card-b', 'card-c'];
const TYPES = ['view', 'view', 'view', 'link_clicked', 'vcard_saved', 'shared', 'message_sent'];

/** a day of events of three cards, the same few visitor ids on every card, from a seeded sequence */
function events(count: number, seed: number): TeamEventRow[] {
  let x = seed;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const rows: TeamEventRow[] = [];
  for (let i = 0; i < count; i++) {
    const type = TYPES[next(TYPES.length)] as string;
    rows.push({
      profileId: CARDS[next(CARDS.length)] as string,
      ts: START + next(DAY),
      type,
      visitorId: `v${next(12)}`,
      authenticated: next(4) === 0,
      country: type === 'view' ? ['US', 'GB', ''][next(3)]! : '',
      device: type === 'view' ? 'mobile' : '',
      referrerHost: '',
      channel: type === 'view' ? 'qr' : '',
      city: type === 'view' ? ['', 'Berlin'][next(2)]! : '',
      browser: type === 'view' ? 'Safari' : '',
      utmSource: '',
      utmMedium: '',
      utmCampaign: '',
      target: type === 'link_clicked' ? `https://x.example/${next(2)}` : '',
    });
  }
  return rows.sort((a, b) => a.ts - b.ts);
}

/** what a part's counts must be, counted the slow way: every event of it, every visitor once per card */
function truth(layout: TeamLayout, rows: TeamEventRow[], from: number, to: number) {
  const part = rows.filter((row) => row.ts >= from && row.ts <= to);
  const viewers = new Set(part.filter((r) => r.type === 'view').map((r) => `${r.profileId}/${r.visitorId}`));
  return {
    views: part.filter((r) => r.type === 'view').length,
    signedIn: part.filter((r) => r.type === 'view' && r.authenticated).length,
    viewers: viewers.size,
    savers: new Set(
      part
        .filter((r) => ['vcard_saved', 'shared'].includes(r.type))
        .map((r) => `${r.profileId}/${r.visitorId}`),
    ).size,
    gb: part.filter((r) => r.type === 'view' && r.country === 'GB').length,
    clicks: part.filter((r) => r.type === 'link_clicked' && r.target.endsWith('/1')).length,
    perCard: CARDS.map((card) => [
      part.filter((r) => r.profileId === card && r.type === 'view').length,
      [...viewers].filter((v) => v.startsWith(`${card}/`)).length,
    ]),
  };
}

function read(layout: TeamLayout, counts: Float64Array) {
  const at = (column: number) => counts[column] ?? 0;
  return {
    views: at(layout.events('view')),
    signedIn: at(layout.signedIn('view')),
    viewers: at(layout.step('viewed')),
    savers: at(layout.step('saved_or_shared')),
    gb: at(layout.breakdown('country', 'GB')),
    clicks: CARDS.reduce((n, _, card) => n + at(layout.link(card, 'https://x.example/1')), 0),
    perCard: CARDS.map((_, card) => [
      at(layout.cardColumn(card, VISITS)),
      at(layout.cardColumn(card, UNIQUES)),
    ]),
  };
}

describe("a team's held day", () => {
  const rows = events(2000, 7);
  const layout = new TeamLayout(CARDS);
  const day = TeamDayEvents.of(layout, START, START + DAY, rows);

  it.each([
    ['the whole day', START, START + DAY - 1],
    ['a part from the start, ending inside an hour', START, START + 13 * HOUR + 1234],
    ['a part to the end, starting inside an hour', START + 9 * HOUR + 42_000, START + DAY - 1],
    ['a part to the end, starting on the hour', START + 9 * HOUR, START + DAY - 1],
    ['a part inside one hour', START + 5 * HOUR + 60_000, START + 5 * HOUR + 1_800_000],
    ['a part inside the day across hours', START + 3 * HOUR + 17, START + 20 * HOUR - 5],
    ['a range that reaches past the day', START - DAY, START + DAY * 2],
  ])('counts %s as its events do', (_, from, to) => {
    expect(read(layout, day.count(from, to))).toEqual(truth(layout, rows, from, to));
  });

  it('builds the same day a slice at a time, events of one moment across two slices too', async () => {
    // 5000 events in pairs of the same millisecond: some pairs straddle the slices of 2048
    const pairs = events(2500, 11).flatMap((row) => [row, { ...row, visitorId: `${row.visitorId}-twin` }]);
    const built = await TeamDayEvents.build(layout, START, START + DAY, pairs);
    expect(built.size).toBe(5000);
    for (const [from, to] of [
      [START, START + DAY - 1],
      [START + 7 * HOUR + 99, START + DAY - 1],
    ] as const) {
      expect(read(layout, built.count(from, to))).toEqual(truth(layout, pairs, from, to));
    }
  });

  it('counts the same once sealed, and takes no more events', () => {
    const sealed = TeamDayEvents.of(layout, START, START + DAY, rows).seal();
    const from = START + 4 * HOUR + 321;
    expect(read(layout, sealed.count(from, START + DAY - 1))).toEqual(
      truth(layout, rows, from, START + DAY - 1),
    );
    expect(() => sealed.append([], START + DAY)).toThrow();
  });

  it('counts the same part again the same way (kept counts are copies)', () => {
    const first = day.count(START + 2 * HOUR + 5, START + DAY - 1);
    first[layout.events('view')] = -1;
    expect(read(layout, day.count(START + 2 * HOUR + 5, START + DAY - 1))).toEqual(
      truth(layout, rows, START + 2 * HOUR + 5, START + DAY - 1),
    );
  });

  it('holds a day moved on step by step as the day read at once', () => {
    const cut = (ms: number) => rows.filter((row) => row.ts < ms);
    const today = TeamDayEvents.of(
      layout,
      START,
      START + 10 * HOUR + 600_000,
      cut(START + 10 * HOUR + 600_000),
    );
    today.append(
      rows.filter((row) => row.ts >= START + 10 * HOUR + 600_000),
      START + 17 * HOUR + 1200_000,
    );
    expect(today.end).toBe(START + 17 * HOUR + 1200_000);
    const end = START + 17 * HOUR + 1200_000 - 1;
    expect(read(layout, today.count(START, end))).toEqual(truth(layout, rows, START, end));
    expect(read(layout, today.count(START + 11 * HOUR + 1, end))).toEqual(
      truth(layout, rows, START + 11 * HOUR + 1, end),
    );
  });

  it('counts a visitor of the held part and of the events since once', () => {
    const cutoff = START + 14 * HOUR + 600_000;
    const held = TeamDayEvents.of(
      layout,
      START,
      cutoff,
      rows.filter((row) => row.ts < cutoff),
    );
    const since = TeamDayEvents.of(
      layout,
      cutoff,
      START + DAY,
      rows.filter((row) => row.ts >= cutoff),
    );
    for (const to of [START + DAY - 1, cutoff + 3 * HOUR]) {
      expect(read(layout, held.countWith(since, START, to))).toEqual(truth(layout, rows, START, to));
    }
  });

  it('counts the events since in columns added after the held part was counted', () => {
    // a team of new cards: messages held, counted once, before any view gave the team its columns
    const team = new TeamLayout(CARDS);
    const cutoff = START + 14 * HOUR + 600_000;
    const message = { ...(rows[0] as TeamEventRow), type: 'message_sent', country: '', device: '' };
    const held = TeamDayEvents.of(team, START, cutoff, [{ ...message, ts: START + HOUR }]);
    held.count(START, START + DAY - 1);
    const views = rows.filter((row) => row.type === 'view').map((row) => ({ ...row, ts: cutoff + 1 }));
    const since = TeamDayEvents.of(team, cutoff, START + DAY, views);
    const counts = held.countWith(since, START, START + DAY - 1);
    expect(read(team, counts)).toEqual(truth(team, views, START, START + DAY - 1));
  });
});
