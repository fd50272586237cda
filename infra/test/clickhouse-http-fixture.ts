/**
 * TEST FIXTURE, NEVER SHIPPED: a small HTTP front over chDB that speaks the part of ClickHouse's HTTP
 * interface `@clickhouse/client` uses, so the cluster mode's HTTP transport can be tested on a machine
 * where no ClickHouse server can be installed.
 *
 * what it speaks:
 * - `GET|HEAD /ping` answers `Ok.`
 * - `POST /` (or `GET /?query=`): the statement in the body, or in the `query` parameter with the body
 *   as the insert's data; `param_<name>` values bound server side; `database`; every other query-string
 *   entry is a setting (e.g. `insert_deduplication_token`) applied to that request only;
 *   `default_format` when the statement has no FORMAT clause (TabSeparated otherwise, as ClickHouse);
 *   a gzip request body.
 * - answers carry the headers the client reads: X-ClickHouse-Query-Id, X-ClickHouse-Summary,
 *   X-ClickHouse-Format, X-ClickHouse-Timezone; errors come back as ClickHouse sends them: a 4xx/5xx
 *   status, X-ClickHouse-Exception-Code and a `Code: N. DB::Exception: ... (NAME)` body.
 * - not spoken: multipart parameters, sessions, response compression, progress headers, auth (ignored).
 *
 * it runs in a child process with its own chDB directory (chDB binds one directory per process).
 * requests run one at a time: settings are SET on chDB's session and reset afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';

/** settings the HTTP layer uses itself; the engine does not know them */
const HTTP_ONLY = new Set([
  'query',
  'query_id',
  'database',
  'default_format',
  'session_id',
  'session_timeout',
  'session_check',
  'role',
  'user',
  'password',
  'compress',
  'decompress',
  'wait_end_of_query',
  'enable_http_compression',
  'send_progress_in_http_headers',
  'http_headers_progress_interval_ms',
  'http_response_buffer_size',
  'http_zlib_compression_level',
  'http_native_compression_disable_checksumming_on_decompress',
]);

interface ChdbSession {
  queryAsync(
    sql: string,
    opts?: { format?: string },
  ): Promise<{ text(): string; bytes(): Uint8Array; rowsRead: number; bytesRead: number; elapsed: number }>;
  queryBindAsync(
    sql: string,
    params: object,
    opts?: { format?: string },
  ): Promise<{ bytes(): Uint8Array; rowsRead: number; bytesRead: number; elapsed: number }>;
  close(): void;
}

const FORMAT_CLAUSE = /\bFORMAT\s+([A-Za-z0-9_]+)\s*(?:;\s*)?$/i;
const INSERT_FORMAT = /^\s*INSERT\b[\s\S]*?\bFORMAT\s+([A-Za-z0-9_]+)/i;
const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function sqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function settingValue(value: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) ? value : sqlString(value);
}

/** the code and name of a chDB error, as ClickHouse's HTTP server reports them */
function errorParts(message: string): { code: number; status: number } {
  const match = /Code:\s*(\d+)/.exec(message);
  const code = match ? Number(match[1]) : 1000;
  // ClickHouse answers 400 for bad queries, 404 for unknown tables, 500 for the rest
  const status = [62, 27, 36, 47, 46, 26, 117, 130, 131].includes(code) ? 400 : code === 60 ? 404 : 500;
  return { code, status };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let body = Buffer.concat(chunks);
  if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
  return body.toString('utf8');
}

function serve(dir: string, port: number): void {
  mkdirSync(dir, { recursive: true });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Session } = require('chdb') as { Session: new (path: string) => ChdbSession };
  const session = new Session(dir);
  let chain: Promise<void> = Promise.resolve();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fixture');
    if (
      url.pathname === '/ping' ||
      (url.pathname === '/' && req.method === 'GET' && !url.searchParams.has('query'))
    ) {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=UTF-8' }).end('Ok.\n');
      return;
    }
    const queryId = url.searchParams.get('query_id') || randomUUID();
    const body = req.method === 'POST' ? await readBody(req) : '';
    const queryParam = url.searchParams.get('query');
    let sql = queryParam !== null ? (body ? `${queryParam}\n${body}` : queryParam) : body;
    const params: Record<string, string> = {};
    const settings: Array<[string, string]> = [];
    for (const [key, value] of url.searchParams) {
      if (key.startsWith('param_')) params[key.slice(6)] = value;
      else if (!HTTP_ONLY.has(key) && SETTING_NAME.test(key)) settings.push([key, value]);
    }
    const database = url.searchParams.get('database');
    const format =
      INSERT_FORMAT.exec(sql)?.[1] ??
      FORMAT_CLAUSE.exec(sql)?.[1] ??
      url.searchParams.get('default_format') ??
      'TabSeparated';
    if (database && database !== 'default') sql = `USE ${database.replace(/[^A-Za-z0-9_]/g, '')}; ${sql}`;
    const prefix = settings.map(([k, v]) => `SET ${k} = ${settingValue(v)}; `).join('');

    const run = async (): Promise<void> => {
      const started = process.hrtime.bigint();
      try {
        const result =
          Object.keys(params).length > 0
            ? await session.queryBindAsync(prefix + sql, params, { format })
            : await session.queryAsync(prefix + sql, { format });
        const isInsert = /^\s*INSERT\b/i.test(sql);
        const rows = String(result.rowsRead ?? 0);
        const bytes = String(result.bytesRead ?? 0);
        const summary = {
          read_rows: rows,
          read_bytes: bytes,
          written_rows: isInsert ? rows : '0',
          written_bytes: isInsert ? bytes : '0',
          total_rows_to_read: '0',
          result_rows: isInsert ? '0' : rows,
          result_bytes: isInsert ? '0' : bytes,
          elapsed_ns: String(process.hrtime.bigint() - started),
        };
        const out = Buffer.from(result.bytes());
        res.writeHead(200, {
          'Content-Type': 'text/plain; charset=UTF-8',
          'X-ClickHouse-Query-Id': queryId,
          'X-ClickHouse-Format': format,
          'X-ClickHouse-Timezone': 'UTC',
          'X-ClickHouse-Server-Display-Name': 'chdb-http-fixture',
          'X-ClickHouse-Summary': JSON.stringify(summary),
          'Content-Length': out.length,
        });
        res.end(out);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const { code, status } = errorParts(message);
        const text = /^Code:/.test(message) ? message : `Code: ${code}. DB::Exception: ${message}`;
        res
          .writeHead(status, {
            'Content-Type': 'text/plain; charset=UTF-8',
            'X-ClickHouse-Query-Id': queryId,
            'X-ClickHouse-Exception-Code': String(code),
          })
          .end(`${text} (version chdb-http-fixture)\n`);
      } finally {
        // settings belong to one request; chDB's session would keep them
        for (const [key] of settings) {
          await session.queryAsync(`SET ${key} = DEFAULT`).catch(() => undefined);
        }
      }
    };
    const next = chain.then(run);
    chain = next.catch(() => undefined);
    await next;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'X-ClickHouse-Exception-Code': '1000' });
      res.end(`Code: 1000. DB::Exception: ${String(err)}\n`);
    });
  });
  server.keepAliveTimeout = 10_000;
  server.listen(port, '127.0.0.1', () => {
    const address = server.address();
    const bound = typeof address === 'object' && address ? address.port : port;
    process.stdout.write(`${JSON.stringify({ port: bound })}\n`);
  });
  const stop = (): void => {
    server.close();
    session.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

export interface ClickHouseHttpFixture {
  readonly name: string;
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** starts the fixture in a child process over its own chDB directory; resolves once it listens */
export async function startClickHouseHttpFixture(options: {
  dir: string;
  port?: number;
}): Promise<ClickHouseHttpFixture> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', __filename, '--serve', options.dir, String(options.port ?? 0)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the ClickHouse HTTP fixture did not start within 30 s')),
      30_000,
    );
    child.once('exit', (code) => reject(new Error(`the ClickHouse HTTP fixture exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  return {
    name: 'clickhouse-http-fixture',
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

if (require.main === module && process.argv[2] === '--serve') {
  serve(process.argv[3], Number(process.argv[4] ?? 0));
}
