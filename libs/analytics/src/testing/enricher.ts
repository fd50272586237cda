import { SqliteQueueDatabase, SqliteSaltStore } from '../adapters/sqlite-queue';
import { EventEnricher } from '../enrichment/enricher';
import { GeoLookup } from '../enrichment/geo';
import { ownHostsOf } from '../enrichment/referrer';
import { UserAgentParser } from '../enrichment/user-agent';
import { VisitorHasher } from '../enrichment/visitor-id';

/** the worker's enricher as the product builds it, with its salts in an in-memory queue database */
export async function openTestEnricher(): Promise<{ enricher: EventEnricher; db: SqliteQueueDatabase }> {
  const db = new SqliteQueueDatabase(':memory:');
  const enricher = new EventEnricher(
    await GeoLookup.open(),
    new UserAgentParser(),
    new VisitorHasher(new SqliteSaltStore(db)),
    ownHostsOf(['https://cards.example.test']),
  );
  return { enricher, db };
}
