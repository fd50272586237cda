import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '../../events';
import type { TeamDayFigures, TimeRange } from '../../ports';
import { between, days, storedEvent } from '../../testing/store-contracts/stored-events';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store';
import { ClickHouseTeamFigures } from './clickhouse-team-figures';

const CARDS = ['team-figures-a', 'team-figures-b'];

/** views and clicks of both cards every 20 minutes over two days, their breakdowns varying */
function seeded(): StoredEvent[] {
  const rows: StoredEvent[] = [];
  for (let minute = 0; minute < 2 * 24 * 60; minute += 20) {
    const at = new Date(Date.parse('2026-05-01T00:00:00Z') + minute * 60_000).toISOString();
    CARDS.forEach((card, c) => {
      const i = minute / 20 + c;
      rows.push(
        storedEvent({
          profile_id: card,
          at,
          visitor_id: `${card}-${at.slice(0, 10)}-${i % 7}`,
          country: ['US', 'GB', 'DE', ''][i % 4] as string,
          device: (['mobile', 'desktop'] as const)[i % 2],
          referrer_host: ['', 't.co', 'linkedin.com'][i % 3] as string,
          channel: ['direct', 'qr'][i % 2] as string,
        }),
      );
      if (i % 5 === 0)
        rows.push(
          storedEvent({ profile_id: card, at, type: 'link_clicked', target: `https://x.example/${i % 2}` }),
        );
    });
  }
  return rows;
}

/** a day's figures in an order that does not depend on the store's */
const sorted = (figures: Map<number, Map<string, TeamDayFigures>>) =>
  [...figures].map(([segment, byDay]) => [
    segment,
    [...byDay].map(([day, f]) => [
      day,
      {
        ...f,
        breakdowns: [...f.breakdowns].sort((x, y) =>
          `${x.dimension}/${x.value}`.localeCompare(`${y.dimension}/${y.value}`),
        ),
        cardLinks: [...f.cardLinks].sort((x, y) =>
          `${x.profileId}/${x.target}`.localeCompare(`${y.profileId}/${y.target}`),
        ),
        cards: Object.fromEntries(f.cards),
      },
    ]),
  ]);

describe("a team's breakdowns read from the rollups or from the raw events", () => {
  let dir: string;
  let store: ClickHouseAnalyticsStore;
  const SEGMENTS: TimeRange[] = [
    between('2026-05-01T03:10:00Z', '2026-05-01T23:59:59.999Z'),
    between('2026-05-02T00:00:00Z', '2026-05-02T16:45:00Z'),
  ];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-team-figures-'));
    store = ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dir, 'chdb') } });
    await store.migrate();
    await store.insertEvents('team-figures-seed', seeded());
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const read = (rawBelow: number, keptSince: Date | null, segments = SEGMENTS) =>
    new ClickHouseTeamFigures(store.client, { keptSince: () => keptSince }, rawBelow).teamDailyFigures(
      CARDS,
      segments,
    );

  it('counts the same from either', async () => {
    const rollups = await read(0, null);
    expect(rollups.get(0)?.get('2026-05-01')?.breakdowns.length).toBeGreaterThan(8);
    expect(sorted(await read(Infinity, null))).toEqual(sorted(rollups));
    expect(sorted(await read(Infinity, null, [days('2026-05-01', '2026-05-02')]))).toEqual(
      sorted(await read(0, null, [days('2026-05-01', '2026-05-02')])),
    );
  });

  it('reads the hours before the raw events may be gone from the rollups either way', async () => {
    // the retention keeps raw events from inside an hour of the first day on
    const kept = new Date('2026-05-01T17:25:00Z');
    expect(sorted(await read(Infinity, kept))).toEqual(sorted(await read(0, kept)));
  });
});
