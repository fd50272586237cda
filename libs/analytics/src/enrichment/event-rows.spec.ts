import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../../infra/test/clickhouse-http-fixture';
import { ClickHouseAnalyticsStore } from '../adapters/clickhouse/clickhouse-analytics-store';
import type { SqliteQueueDatabase } from '../adapters/sqlite-queue';
import type { StoredEvent } from '../events';
import { IPS, USER_AGENTS, sampleEvent } from '../testing/sample-events';
import { openTestEnricher } from '../testing/enricher';
import type { EventEnricher } from './enricher';
import {
  dayEventOf,
  EVENT_COLUMNS,
  EventRows,
  eventRowLine,
  eventRowsOf,
  readEventRow,
  tsvField,
  tsvValue,
  visitOf,
} from './event-rows';

/** every character TabSeparated must escape, a few it must not, and text beyond ascii */
const AWKWARD = [
  'tab\there',
  'line\nbreak',
  'carriage\rreturn',
  'back\\slash',
  'ends with a backslash\\',
  '\\N',
  '\\t is not a tab',
  'nul\0byte',
  'quotes \' and "',
  'émoji 🎉, 中文, עברית, e\u0301',
  '',
];

describe('the TabSeparated row writer', () => {
  it.each(AWKWARD)('writes %j as a field that reads back as it was, on one line', (value) => {
    const field = tsvField(value);
    expect(field).not.toMatch(/[\t\n\r\0]/);
    expect(tsvValue(field)).toBe(value);
  });

  it('leaves a value with nothing to escape as it is', () => {
    expect(tsvField(USER_AGENTS.iphone)).toBe(USER_AGENTS.iphone);
  });

  it('writes every column, in the order it names them, and reads the row back', () => {
    const row = awkwardRow('b-1');
    const line = eventRowLine(row);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1).split('\t')).toHaveLength(EVENT_COLUMNS.length);
    expect(readEventRow(line.slice(0, -1))).toEqual(row);
    const second: StoredEvent = { ...row, event_id: uuidv7(), authenticated: 0 };
    const rows = eventRowsOf([row, second]);
    expect(rows.count).toBe(2);
    expect(rows.rows()).toEqual([row, second]);
  });

  it('keeps with each row what the write log needs: its card, the row as a summary counts it, and the visit', () => {
    const row = awkwardRow('b-2');
    const [written] = eventRowsOf([row]).written;
    const counted = {
      ts: Date.parse('2026-03-04T05:06:07.089Z'),
      type: 'view',
      visitorId: row.visitor_id,
      authenticated: true,
      country: row.country,
      city: row.city,
      device: row.device,
      browser: row.browser,
      referrerHost: row.referrer_host,
      channel: row.channel,
      utmSource: row.utm_source,
      utmMedium: row.utm_medium,
      utmCampaign: row.utm_campaign,
      target: row.target,
    };
    expect(written).toEqual({
      ...counted,
      profileId: row.profile_id,
      id: row.event_id,
      userId: row.user_id,
    });
    expect(dayEventOf(written)).toEqual(counted);
    expect(visitOf(written)).toEqual({
      id: row.event_id,
      ts: new Date('2026-03-04T05:06:07.089Z'),
      userId: row.user_id,
      authenticated: true,
      city: row.city,
      country: row.country,
      device: row.device,
      referrerHost: row.referrer_host,
    });
    // what a row leaves empty, the visit shows as not known
    expect(visitOf({ ...written, userId: '', city: '', country: '', device: '', referrerHost: '' })).toEqual(
      expect.objectContaining({ userId: null, city: null, country: null, device: null, referrerHost: null }),
    );
  });

  it('seals its lines into chunks, and its body is the chunks in order', () => {
    const rows = new EventRows();
    const [one, two] = eventRowsOf([awkwardRow('b-3'), awkwardRow('b-3')]).written;
    rows.add('a\n', one);
    rows.seal();
    rows.add('b\n', two);
    expect(rows.body().toString()).toBe('a\nb\n');
    expect(rows.chunks).toHaveLength(2);
    expect(rows.profileIds()).toEqual([one.profileId]);
  });
});

const byId = (a: StoredEvent, b: StoredEvent) => (a.event_id < b.event_id ? -1 : 1);

/** a row with an awkward value in every text column the events table keeps as it is */
function awkwardRow(batchId: string): StoredEvent {
  const pick = (i: number) => AWKWARD[i % AWKWARD.length];
  return {
    event_id: uuidv7(),
    profile_id: `card ${pick(9)}`,
    ts: '2026-03-04 05:06:07.089',
    type: 'view',
    visitor_id: 'd-0123456789abcdef0123456789abcd',
    visitor_hash: 'fedcba9876543210fedcba9876543210',
    user_id: pick(0),
    authenticated: 1,
    user_agent: `${USER_AGENTS.android} ${pick(1)} ${pick(3)}`,
    device: 'mobile',
    browser: pick(9),
    os: pick(2),
    referrer: `https://example.org/?q=${pick(4)}`,
    referrer_host: 'example.org',
    utm_source: pick(5),
    utm_medium: pick(6),
    utm_campaign: pick(7),
    channel: pick(8),
    target: `https://t.example/${pick(9)}`,
    country: 'DE',
    city: `Nürnberg ${pick(0)}`,
    batch_id: batchId,
  };
}

describe.each(['chdb', 'http'] as const)('rows written this way, stored over %s', (transport) => {
  let dir: string;
  let fixture: ClickHouseHttpFixture | null = null;
  let store: ClickHouseAnalyticsStore;
  let enricher: EventEnricher;
  let db: SqliteQueueDatabase;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `cardcraft-rows-${transport}-`));
    if (transport === 'http') {
      fixture = await startClickHouseHttpFixture({ dir: join(dir, 'server') });
      store = ClickHouseAnalyticsStore.open({ transport: { kind: 'http', url: fixture.url } });
    } else {
      store = ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dir, 'chdb') } });
    }
    await store.migrate();
    ({ enricher, db } = await openTestEnricher());
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    db?.close();
    await fixture?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** the rows of these events (by id: a text value's own escaping in a query parameter is not under test) */
  const readBack = async (ids: string[]): Promise<StoredEvent[]> => {
    const result = await store.client.query({
      query: `SELECT ${EVENT_COLUMNS.join(', ')} FROM events WHERE event_id IN {ids:Array(UUID)}`,
      query_params: { ids },
      format: 'JSONEachRow',
    });
    return (await result.json<StoredEvent>()).sort(byId).map((row) => ({
      ...row,
      authenticated: Number(row.authenticated) as 0 | 1,
    }));
  };

  it('reads back every column of a row with awkward text as it was written', async () => {
    const batchId = `awkward ${AWKWARD[0]} ${AWKWARD[3]}`;
    const row = awkwardRow(batchId);
    await store.insertEvents(batchId, [row]);
    expect(await readBack([row.event_id])).toEqual([row]);
  });

  it("stores the enricher's lines as the rows it says they are", async () => {
    const batchId = uuidv7();
    const events = [
      sampleEvent({
        profileId: 'card-rows',
        userAgent: `${USER_AGENTS.iphone}\t${AWKWARD[1]}`,
        referrer: `https://news.example.org/${AWKWARD[3]}${AWKWARD[9]}`,
        utmSource: AWKWARD[0],
        utmCampaign: AWKWARD[7],
        channel: AWKWARD[9],
        ip: IPS.gbBracknell,
      }),
      sampleEvent({
        profileId: 'card-rows',
        type: 'link_clicked',
        target: `https://x.example/${AWKWARD[4]}`,
        userId: 'u',
      }),
    ];
    const rows = await enricher.enrichRows(batchId, events);
    await store.insertEvents(batchId, rows);
    const expected = rows.rows().sort(byId);
    expect(await readBack(events.map((event) => event.id))).toEqual(expected);
    expect(expected.find((row) => row.type === 'view')).toMatchObject({
      country: 'GB',
      city: 'Bracknell',
      utm_source: AWKWARD[0],
    });
  });

  it('stores a batch sent again under its id once, and leaves no insert setting behind on the session', async () => {
    const batchId = uuidv7();
    const event = sampleEvent({ profileId: 'card-again' });
    const rows = await enricher.enrichRows(batchId, [event]);
    await store.insertEvents(batchId, rows);
    await store.insertEvents(batchId, rows);
    expect(await readBack([event.id])).toHaveLength(1);
    const result = await store.client.query({
      query: "SELECT getSetting('insert_deduplication_token') AS token",
      format: 'JSONEachRow',
    });
    expect(await result.json()).toEqual([{ token: '' }]);
  });
});
