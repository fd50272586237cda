import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

/** a copy of a sqlite file and what the queries asked of the copy answered */
export interface SqliteSnapshot {
  bytes: number;
  /** each query's single value, by the query's name */
  values: Record<string, number | string | null>;
}

// runs in a worker thread with a connection of its own: the copy's one step reads every page under
// one read lock, so the product's connections go on writing (wal) and its event loop goes on answering
const SNAPSHOT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
(async () => {
  const source = new Database(workerData.source, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // after the first step (which only counts the pages) every page in one step: the copy is the
    // file at one moment, whatever is written meanwhile
    await source.backup(workerData.target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new Database(workerData.target);
  try {
    // one file, no -wal beside it: what the archive holds is all there is
    copy.pragma('journal_mode = DELETE');
    const values = {};
    for (const [name, sql] of Object.entries(workerData.queries)) {
      values[name] = copy.prepare(sql).pluck().get() ?? null;
    }
    parentPort.postMessage({ values });
  } finally {
    copy.close();
  }
})().catch((error) => parentPort.postMessage({ error: String(error && error.message) }));
`;

/**
 * copies a sqlite file with sqlite's online backup, in a worker thread, while its writers go on; then
 * answers `queries` (name: a query of one value) on the copy
 */
export async function snapshotSqliteFile(
  source: string,
  target: string,
  queries: Record<string, string> = {},
): Promise<SqliteSnapshot> {
  const driver = require.resolve('better-sqlite3');
  const worker = new Worker(SNAPSHOT_WORKER, { eval: true, workerData: { driver, source, target, queries } });
  const answer = await new Promise<{ values?: SqliteSnapshot['values']; error?: string }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the sqlite snapshot's thread ended (${code})`)));
    },
  );
  await worker.terminate();
  if (answer.error !== undefined || !answer.values) {
    throw new Error(`the sqlite snapshot of ${source} failed: ${answer.error ?? 'no answer'}`);
  }
  return { bytes: (await stat(target)).size, values: answer.values };
}

/** answers `queries` on a sqlite file opened read-only (a restored copy, before it is used) */
export async function querySqliteFile(
  file: string,
  queries: Record<string, string>,
): Promise<SqliteSnapshot['values']> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const values: SqliteSnapshot['values'] = {};
    for (const [name, sql] of Object.entries(queries)) {
      values[name] = (db.prepare(sql).pluck().get() as number | string | undefined) ?? null;
    }
    return values;
  } finally {
    db.close();
  }
}
