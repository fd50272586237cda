import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../../../infra/test/clickhouse-http-fixture';
import {
  analyticsSchemaContract,
  eventEraserContract,
  eventWriterContract,
  figuresReaderContract,
} from '../../testing/store-contracts/repository-contracts';
import { pieceFiguresContract } from '../../testing/store-contracts/piece-figures-contract';
import { recentWritesContract } from '../../testing/store-contracts/recent-writes-contract';
import { teamFiguresReaderContract } from '../../testing/store-contracts/team-figures-contract';
import { EmbeddedWriteLog } from '../write-log/embedded-write-log';
import { withWriteLog, withoutWriteLog } from '../write-log/write-logging-store';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store';

// every port of the store keeps its contract on both transports: chDB in this process, and a
// ClickHouse server over http (the fixture: an http front over chDB in a child process)
describe.each(['chdb', 'http'] as const)('the ClickHouse store over %s', (transport) => {
  let dir: string;
  let fixture: ClickHouseHttpFixture | null = null;
  let store: ClickHouseAnalyticsStore;
  let applied: number[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `cardcraft-contract-${transport}-`));
    if (transport === 'http') {
      fixture = await startClickHouseHttpFixture({ dir: join(dir, 'server') });
      store = ClickHouseAnalyticsStore.open({ transport: { kind: 'http', url: fixture.url } });
    } else {
      store = ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: join(dir, 'chdb') } });
    }
    applied = await store.migrate();
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    await fixture?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const ports = () => ({ schema: store, writer: store, reader: store, eraser: store, applied });
  analyticsSchemaContract(ports);
  eventWriterContract(ports);
  figuresReaderContract(ports);
  pieceFiguresContract(ports);
  teamFiguresReaderContract(ports);
  eventEraserContract(ports);

  describe('with the embedded write log', () => {
    let logged: ReturnType<typeof withWriteLog<ClickHouseAnalyticsStore>>;
    beforeAll(() => {
      logged = withWriteLog(store, new EmbeddedWriteLog());
    });
    recentWritesContract(() => ({ writes: logged, reader: store, recent: logged }), 'contract-logged');
  });

  describe('without a write log (the cluster)', () => {
    let unlogged: ReturnType<typeof withoutWriteLog<ClickHouseAnalyticsStore>>;
    beforeAll(() => {
      unlogged = withoutWriteLog(store);
    });
    recentWritesContract(() => ({ writes: unlogged, reader: store, recent: unlogged }), 'contract-unlogged');
  });
});
