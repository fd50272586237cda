// the bench's load client reads each answer's framing only, into one buffer per connection that the
// next read overwrites: what it counts is every figure the bench judges, so its framing is checked
// here against real servers, with answers whose heads and bodies span reads. load.mjs is an ES
// module, which jest's CommonJS runtime does not load: a child node process runs it and prints what
// it counted.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const LOAD = resolve(__dirname, 'load.mjs');

/** the child: servers on loopback ports of their own, a load against each, the results as JSON */
const SCRIPT = `
import http from 'node:http';
import net from 'node:net';
import { load, fixedRate } from ${JSON.stringify(LOAD)};

const big = Buffer.alloc(300_000, 'x');
const server = http.createServer((request, response) => {
  if (request.url === '/large') {
    response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(big.length) });
    response.end(big);
  } else if (request.url === '/chunked') {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.write('first part;');
    setTimeout(() => response.end('second part'), 2);
  } else if (request.url === '/headers') {
    // a head larger than most reads: 200 headers of 200 bytes
    const headers = {};
    for (let i = 0; i < 200; i++) headers['x-filler-' + i] = 'v'.repeat(200);
    response.writeHead(200, { ...headers, 'content-length': '2' });
    response.end('ok');
  } else if (request.url === '/close') {
    response.writeHead(200, { 'content-length': '3', connection: 'close' });
    response.end('bye');
  } else if (request.url === '/empty') {
    response.writeHead(204);
    response.end();
  } else {
    response.writeHead(404, { 'content-length': '0' });
    response.end();
  }
});
server.keepAliveTimeout = 60_000;

// a server that writes each answer's head in two pieces, a moment apart, cut inside a header name
const split = net.createServer((socket) => {
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
    while (received.includes('\\r\\n\\r\\n')) {
      received = received.slice(received.indexOf('\\r\\n\\r\\n') + 4);
      socket.write('HTTP/1.1 200 OK\\r\\nConnection: keep-alive\\r\\nCONTENT-LE');
      setTimeout(() => socket.write('NGTH: 5\\r\\n\\r\\nhe'), 2);
      setTimeout(() => socket.write('llo'), 4);
    }
  });
});

const listen = (s) => new Promise((done) => s.listen(0, '127.0.0.1', () => done(s.address().port)));
const port = await listen(server);
const splitPort = await listen(split);
const baseUrl = 'http://127.0.0.1:' + port;
const summary = (r) => ({ requests: r.requests, ok: r.ok, errors: r.errors, statuses: r.statuses, okByRequest: r.okByRequest });
const paths = ['/large', '/chunked', '/headers', '/close', '/empty', '/missing'];
const results = {
  mixed: summary(await load({ baseUrl, requests: paths.map((path) => ({ path, headers: {} })), connections: 4, amount: 120, maxSeconds: 20 })),
  split: summary(await load({ baseUrl: 'http://127.0.0.1:' + splitPort, requests: [{ path: '/', headers: {} }], connections: 2, amount: 20, maxSeconds: 20 })),
  fixed: summary(await fixedRate({ baseUrl, requests: [{ path: '/large', headers: {} }, { path: '/headers', headers: {} }], rate: 200, seconds: 0.25, connections: 4 })),
};
console.log(JSON.stringify(results));
server.close();
server.closeAllConnections();
split.close();
process.exit(0);
`;

interface Counted {
  requests: number;
  ok: number;
  errors: number;
  statuses: Record<string, number>;
  okByRequest: number[];
}

function runLoads(): Promise<Record<'mixed' | 'split' | 'fixed', Counted>> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) fail(new Error(`the load child exited with ${code}: ${err}`));
      else done(JSON.parse(out.trim().split('\n').pop() ?? '{}'));
    });
  });
}

describe("the bench's load client", () => {
  it('counts every answer by its framing: bodies and heads across reads, chunks, closes, no body', async () => {
    const { mixed, split, fixed } = await runLoads();
    // 120 requests over the six paths in turn: 20 each
    expect(mixed.requests).toBe(120);
    expect(mixed.statuses).toEqual({ '200': 80, '204': 20, '404': 20 });
    expect(mixed.okByRequest).toEqual([20, 20, 20, 20, 20, 0]);
    expect(mixed.errors).toBe(20);
    // a head cut inside a header name, its value and body in later reads, the name in capitals
    expect(split).toMatchObject({ requests: 20, ok: 20, errors: 0 });
    expect(fixed).toMatchObject({ requests: 50, ok: 50, errors: 0 });
  });
});
