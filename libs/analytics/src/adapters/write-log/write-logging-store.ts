import { EventRows, eventRowsOf } from '../../enrichment/event-rows';
import { NO_RECENT_WRITES, type EventEraser, type EventWriter, type RecentWrites } from '../../ports';
import type { EmbeddedWriteLog } from './embedded-write-log';

/**
 * a store whose writes (its inserts and erases) the write log records as they run, and which answers
 * the reads' questions about them from the log. every other member is the store's own, reached
 * through the prototype (its client too, for tools and tests), so the decorator stays this small.
 */
export function withWriteLog<S extends EventWriter & Pick<EventEraser, 'deleteProfileEvents'>>(
  store: S,
  log: EmbeddedWriteLog,
): S & RecentWrites {
  const recorded: EventWriter & Pick<EventEraser, 'deleteProfileEvents'> & RecentWrites = {
    insertEvents: async (batchId, rows) => {
      const written = rows instanceof EventRows ? rows : eventRowsOf(rows);
      if (written.count === 0) return;
      await log.record(
        written.profileIds(),
        () => store.insertEvents(batchId, written),
        (stored) => log.insertedRows(batchId, written, stored),
      );
    },
    // an erase is not known row by row: a read of the card at a version before it reads again
    deleteProfileEvents: (profileId) =>
      log.record(
        [profileId],
        () => store.deleteProfileEvents(profileId),
        () => new Map([[profileId, null]]),
      ),
    writeVersion: (profileId) => log.writeVersion(profileId),
    writing: (profileId) => log.writing(profileId),
    writtenSince: (profileId, version) => log.writtenSince(profileId, version),
    viewsWrittenSince: (profileId, version) => log.viewsWrittenSince(profileId, version),
  };
  return Object.assign(Object.create(store) as S, recorded);
}

/** a store other processes write to as well (the cluster): nothing is known of its recent writes */
export function withoutWriteLog<S extends object>(store: S): S & RecentWrites {
  return Object.assign(Object.create(store) as S, NO_RECENT_WRITES);
}
