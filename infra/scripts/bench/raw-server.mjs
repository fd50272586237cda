// the same-run baseline of npm run bench: plain node:http answering each path, from memory, with the
// exact bytes the product answered for it (status, content-type, content-encoding, body) and nothing
// else. no routing, rendering, recording or headers of the product's own: what is left is the cost of
// http itself on this machine, so the product's req/s over this server's says how close it comes.
//
// run as a child of the bench: `node raw-server.mjs <answers.json>`; the file holds
// [{ path, status, headers, body (base64) }]. it listens on a free 127.0.0.1 port, tells the parent
// the port over ipc, and exits when told to or when the parent goes away.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const answersFile = process.argv[2];
if (!answersFile || !process.send) {
  console.error('raw-server.mjs runs as a child of infra/scripts/bench.mjs');
  process.exit(2);
}

const answers = new Map();
for (const answer of JSON.parse(readFileSync(answersFile, 'utf8'))) {
  const body = Buffer.from(answer.body, 'base64');
  answers.set(answer.path, {
    status: answer.status,
    headers: { ...answer.headers, 'content-length': String(body.length) },
    body,
  });
}

const server = http.createServer((request, response) => {
  const answer = answers.get(request.url);
  if (!answer) {
    response.writeHead(404, { 'content-length': '0' });
    response.end();
    return;
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
});
// the load client keeps its connections for the whole run
server.keepAliveTimeout = 60_000;

server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
