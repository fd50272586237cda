// the load client of npm run bench. node's own http client costs more cpu per request than a plain
// node:http server spends answering one, so on 2 cores it would limit the baseline and flatter the
// ratio; this client writes prepared requests on raw keep-alive sockets and reads only the framing of
// each answer (status, content-length or chunked), one request in flight per connection.
// a phase runs a fixed number of requests and stops issuing at a time cap; either way it waits for
// the requests in flight, so the 200s it counts are exactly the answers the server gave.
import { Buffer } from 'node:buffer';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';

const REQUEST_TIMEOUT_MS = 10_000;
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

const HEAD = 0;
const BODY = 1;
const CHUNK_SIZE = 2;
const CHUNK_DATA = 3;
const TRAILER = 4;

const READ_BUFFER_BYTES = 64 * 1024;

/** a header's value in an answer's head, its name matched without regard to case; null: absent */
function headerValue(head, name) {
  let at = 0;
  for (;;) {
    at = head.indexOf('\r\n', at);
    if (at < 0) return null;
    at += 2;
    if (head.length > at + name.length && head[at + name.length] === ':') {
      const candidate = head.slice(at, at + name.length);
      if (candidate === name || candidate.toLowerCase() === name) {
        const end = head.indexOf('\r\n', at);
        return head.slice(at + name.length + 1, end < 0 ? head.length : end).trim();
      }
    }
  }
}

/** the framing of an answer's head (the bytes before the empty line, `end` long) */
function headOf(buffer, end) {
  const head = buffer.toString('latin1', 0, end);
  const length = headerValue(head, 'content-length');
  return {
    status: Number(head.slice(9, 12)),
    closes: headerValue(head, 'connection')?.toLowerCase() === 'close',
    chunked: /chunked/i.test(headerValue(head, 'transfer-encoding') ?? ''),
    length: length === null ? null : Number(length),
  };
}

/** one keep-alive connection with at most one request in flight */
export class Connection {
  constructor(host, port) {
    this.host = host;
    this.port = port;
    this.socket = null;
    this.current = null;
    // requests that found no server (the connection refused) and requests whose connection broke
    // before the whole answer came (a reset, a close, a time-out)
    this.refused = 0;
    this.dropped = 0;
    this.readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
  }

  connect() {
    return new Promise((resolveConnect, reject) => {
      // every read lands in one buffer the connection keeps: an answer's bytes are looked at and let
      // go, so reading them leaves no garbage (a buffer per read made the client collect its heap
      // several times a second, and its pauses counted as the server's latency at a fixed rate)
      const socket = net.connect({
        host: this.host,
        port: this.port,
        onread: {
          buffer: this.readBuffer,
          callback: (size, buffer) => this.onData(buffer.subarray(0, size)),
        },
      });
      socket.setNoDelay(true);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolveConnect();
      });
      socket.once('error', reject);
      socket.on('error', () => this.fail());
      socket.on('close', () => {
        if (this.socket === socket) this.socket = null;
        this.fail();
      });
      this.socket = socket;
    });
  }

  /** sends one prepared request; resolves to the answer's status, 0 when it failed */
  async request(bytes) {
    if (!this.socket) {
      try {
        await this.connect();
      } catch {
        this.socket = null;
        this.refused++;
        return 0;
      }
    }
    return new Promise((resolveRequest) => {
      this.state = HEAD;
      this.pending = null;
      this.current = resolveRequest;
      this.timer = setTimeout(() => this.fail(), REQUEST_TIMEOUT_MS);
      this.socket.write(bytes);
    });
  }

  finish(status) {
    const done = this.current;
    if (!done) return;
    this.current = null;
    clearTimeout(this.timer);
    done(status);
  }

  /** the request in flight failed: the connection is dropped and the next request opens another */
  fail() {
    if (!this.current) return;
    this.dropped++;
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
    this.finish(0);
  }

  /** chunk: a view of the read buffer, which the next read overwrites; what is kept is copied */
  onData(chunk) {
    if (!this.current) return;
    this.pending = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.frame();
    if (this.pending?.length === 0) this.pending = null;
    else if (this.pending?.buffer === this.readBuffer.buffer) this.pending = Buffer.from(this.pending);
  }

  /** reads the answer's framing off this.pending, as far as it goes */
  frame() {
    for (;;) {
      const buffer = this.pending;
      if (this.state === HEAD) {
        const end = buffer.indexOf(HEAD_END);
        if (end < 0) return;
        const { status, closes, chunked, length } = headOf(buffer, end);
        this.status = status;
        this.closes = closes;
        this.pending = buffer.subarray(end + HEAD_END.length);
        if (chunked) {
          this.state = CHUNK_SIZE;
        } else if (length !== null) {
          this.remaining = length;
          this.state = BODY;
        } else if (this.status === 204 || this.status === 304) {
          this.remaining = 0;
          this.state = BODY;
        } else {
          // an answer that ends when the connection closes: not what a keep-alive server sends
          this.fail();
          return;
        }
      } else if (this.state === BODY || this.state === CHUNK_DATA) {
        const taken = Math.min(this.remaining, buffer.length);
        this.remaining -= taken;
        this.pending = buffer.subarray(taken);
        if (this.remaining > 0) return;
        if (this.state === CHUNK_DATA) {
          this.state = CHUNK_SIZE;
        } else {
          this.complete();
          return;
        }
      } else if (this.state === CHUNK_SIZE) {
        const end = buffer.indexOf(CRLF);
        if (end < 0) return;
        const size = parseInt(buffer.toString('latin1', 0, end), 16);
        this.pending = buffer.subarray(end + CRLF.length);
        if (Number.isNaN(size)) {
          this.fail();
          return;
        }
        // a chunk's data and the line end after it; the last (empty) chunk is followed by trailers
        this.remaining = size + CRLF.length;
        this.state = size === 0 ? TRAILER : CHUNK_DATA;
      } else {
        // trailers, if any, then an empty line
        if (buffer.length < 2) return;
        if (buffer[0] === 13 && buffer[1] === 10) {
          this.complete();
          return;
        }
        const end = buffer.indexOf(HEAD_END);
        if (end < 0) return;
        this.complete();
        return;
      }
    }
  }

  complete() {
    this.pending = null;
    if (this.closes) {
      const socket = this.socket;
      this.socket = null;
      socket?.destroy();
    }
    this.finish(this.status);
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const percentiles = (sorted) => ({
  p50: percentile(sorted, 50),
  p95: percentile(sorted, 95),
  p99: percentile(sorted, 99),
});

/**
 * `amount` requests over `connections` keep-alive connections to `baseUrl` (loopback only), the i-th
 * request being requests[i % requests.length] ({ path, headers }); no new request after `maxSeconds`.
 */
export async function load({ baseUrl, requests, connections, amount, maxSeconds }) {
  const { hostname, port, host } = new globalThis.URL(baseUrl);
  if (!/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(hostname)) {
    throw new Error(`the bench loads loopback addresses only, not ${hostname}`);
  }
  const prepared = requests.map(({ path, headers }) =>
    Buffer.from(
      `GET ${path} HTTP/1.1\r\nhost: ${host}\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        '\r\n',
      'latin1',
    ),
  );
  const latencies = new Float64Array(amount);
  // the 2xx answers each of `requests` got: the views a card should count
  const okByRequest = new Array(requests.length).fill(0);
  const statuses = {};
  let issued = 0;
  let answered = 0;
  let ok = 0;
  let capped = false;
  let refused = 0;
  let dropped = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;

  await Promise.all(
    Array.from({ length: Math.min(connections, amount) }, async () => {
      const connection = new Connection(hostname.replace(/^\[|\]$/g, ''), Number(port));
      try {
        while (issued < amount) {
          if (performance.now() >= deadline) {
            capped = true;
            break;
          }
          const index = issued++ % prepared.length;
          const sent = performance.now();
          const status = await connection.request(prepared[index]);
          latencies[answered++] = performance.now() - sent;
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 200 && status < 300) {
            ok++;
            okByRequest[index]++;
          }
        }
      } finally {
        connection.close();
        refused += connection.refused;
        dropped += connection.dropped;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.slice(0, answered).sort();
  return {
    requests: answered,
    ok,
    okByRequest,
    errors: answered - ok,
    // sent, but no answer came (a dropped connection, a time-out): the server may have seen them
    unanswered: statuses[0] ?? 0,
    // of those: no connection (nothing sent), and a connection that broke under the request
    refused,
    dropped,
    statuses,
    capped,
    seconds,
    rps: answered / seconds,
    ...percentiles(sorted),
    latencies: sorted,
  };
}

/** adds up rounds of one kind: their requests over the time they took together */
export function combine(runs) {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const statuses = {};
  for (const run of runs) {
    for (const [code, count] of Object.entries(run.statuses)) statuses[code] = (statuses[code] ?? 0) + count;
  }
  const latencies = new Float64Array(runs.reduce((sum, run) => sum + run.latencies.length, 0));
  let offset = 0;
  for (const run of runs) {
    latencies.set(run.latencies, offset);
    offset += run.latencies.length;
  }
  latencies.sort();
  return {
    requests,
    ok: runs.reduce((sum, run) => sum + run.ok, 0),
    okByRequest: runs[0].okByRequest.map((_, index) =>
      runs.reduce((sum, run) => sum + run.okByRequest[index], 0),
    ),
    unanswered: runs.reduce((sum, run) => sum + run.unanswered, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    statuses,
    capped: runs.some((run) => run.capped),
    seconds,
    rps: requests / seconds,
    ...percentiles(latencies),
    latencies,
    rounds: runs.map((run) => run.rps),
  };
}

/**
 * an open load: `rate` requests a second for `seconds`, each due at its own moment whatever the
 * answers before it did, over up to `connections` keep-alive connections. a request's latency runs
 * from the moment it was due, so time spent waiting for a free connection counts: a server that
 * stalls is not flattered by the client slowing down with it (coordinated omission).
 */
export async function fixedRate({ baseUrl, requests, rate, seconds, connections }) {
  const { hostname, port, host } = new globalThis.URL(baseUrl);
  if (!/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(hostname)) {
    throw new Error(`the bench loads loopback addresses only, not ${hostname}`);
  }
  const prepared = requests.map(({ path, headers }) =>
    Buffer.from(
      `GET ${path} HTTP/1.1\r\nhost: ${host}\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        '\r\n',
      'latin1',
    ),
  );
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies = new Float64Array(total);
  const okByRequest = new Array(requests.length).fill(0);
  let answered = 0;
  let ok = 0;
  let next = 0;
  const idle = Array.from(
    { length: connections },
    () => new Connection(hostname.replace(/^\[|\]$/g, ''), Number(port)),
  );
  const started = performance.now();
  const inFlight = new Set();

  const send = (connection, index, due) => {
    const task = connection.request(prepared[index % prepared.length]).then((status) => {
      latencies[answered++] = performance.now() - due;
      if (status >= 200 && status < 300) {
        ok++;
        okByRequest[index % prepared.length]++;
      }
      inFlight.delete(task);
      idle.push(connection);
      dispatch();
    });
    inFlight.add(task);
  };
  // every request that is due goes out on a free connection; the rest wait for one
  const dispatch = () => {
    const now = performance.now();
    while (next < total && idle.length > 0 && started + next * interval <= now) {
      const index = next++;
      send(idle.pop(), index, started + index * interval);
    }
  };
  while (next < total) {
    dispatch();
    const wait = started + next * interval - performance.now();
    await new Promise((done) => setTimeout(done, Math.max(0, Math.min(wait, 5))));
  }
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  for (const connection of idle) connection.close();
  const sorted = latencies.slice(0, answered).sort();
  return {
    requests: answered,
    ok,
    okByRequest,
    errors: answered - ok,
    seconds: (performance.now() - started) / 1000,
    rps: answered / ((performance.now() - started) / 1000),
    ...percentiles(sorted),
  };
}
