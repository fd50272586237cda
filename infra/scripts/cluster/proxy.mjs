// the cluster's front door without nginx: a small reverse proxy on loopback that spreads requests over
// the api replicas round-robin, as nginx does in the compose file. it sets X-Request-Id (a caller's own
// when it is a sane token, else a fresh one) and X-Forwarded-For / -Proto / -Host, passes a request to
// the next replica when one refuses the connection (an idempotent request only, as nginx's
// proxy_next_upstream), and answers 502 when none takes it.
//
//   UPSTREAMS=127.0.0.1:4001,127.0.0.1:4002 PORT=8080 node infra/scripts/cluster/proxy.mjs
// env: UPSTREAMS (host:port, comma-separated), PORT (0: a free one), HOST (127.0.0.1),
//      FORWARDED=append keeps a caller's X-Forwarded-For and adds the peer (a load generator that
//      simulates visitors' addresses, with the api's TRUST_PROXY=2); default: replaced by the peer, as
//      nginx's $remote_addr.
// prints one JSON line {"port":N} on stdout once it listens.
import { randomUUID } from 'node:crypto';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { setTimeout } from 'node:timers';

const upstreams = (process.env.UPSTREAMS ?? '')
  .split(',')
  .map((entry) => entry.trim())
  .filter(Boolean)
  .map((entry) => {
    const at = entry.lastIndexOf(':');
    return { host: entry.slice(0, at), port: Number(entry.slice(at + 1)) };
  });
if (upstreams.length === 0) {
  console.error('UPSTREAMS must name at least one host:port');
  process.exit(1);
}
const appendForwarded = process.env.FORWARDED === 'append';
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
// hop-by-hop headers are the proxy's own, never passed on
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);
const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
let next = 0;

function requestId(incoming) {
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

function forwardedHeaders(req, id) {
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const peer = req.socket.remoteAddress ?? '';
  const previous = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = appendForwarded && previous ? `${previous}, ${peer}` : peer;
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-request-id'] = id;
  headers.connection = 'keep-alive';
  return headers;
}

function pass(req, res, id, tries) {
  const upstream = upstreams[next++ % upstreams.length];
  const outgoing = httpRequest(
    {
      agent,
      host: upstream.host,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: forwardedHeaders(req, id),
    },
    (answer) => {
      const headers = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name)) headers[name] = value;
      }
      headers['x-request-id'] ??= id;
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    },
  );
  outgoing.on('error', (error) => {
    // a replica that is down (refused, reset before an answer): the next one, for a request that may
    // be sent twice; otherwise the caller hears of it
    const retriable = !res.headersSent && IDEMPOTENT.has(req.method ?? '') && tries < upstreams.length;
    if (retriable && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(error.code)) {
      pass(req, res, id, tries + 1);
      return;
    }
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'x-request-id': id });
      res.end('bad gateway: no api replica answered\n');
    } else {
      res.destroy();
    }
  });
  if (IDEMPOTENT.has(req.method ?? '')) outgoing.end();
  else req.pipe(outgoing);
}

const server = createServer((req, res) => pass(req, res, requestId(req.headers['x-request-id']), 1));
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
