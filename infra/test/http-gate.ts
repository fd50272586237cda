import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * TEST FIXTURE: an HTTP front of a ClickHouse server (the chDB fixture) a test can break on purpose.
 * - `pass`: every request goes through;
 * - `hold-inserts`: an insert into `events` is taken and never answered (a worker caught in the middle
 *   of its batch), everything else goes through;
 * - `down`: every connection is cut at once, as a server that went away.
 */
export type GateMode = 'pass' | 'hold-inserts' | 'down';

export interface HttpGate {
  readonly url: string;
  mode: GateMode;
  /** inserts held so far */
  readonly held: number;
  stop(): Promise<void>;
}

export async function startHttpGate(target: string): Promise<HttpGate> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let held = 0;
  const gate = {
    url: '',
    mode: 'pass' as GateMode,
    get held() {
      return held;
    },
    stop: async () => undefined as void,
  };
  const server: Server = createServer((req, res) => {
    if (gate.mode === 'down') {
      req.socket.destroy();
      return;
    }
    const statement = new URL(req.url ?? '/', 'http://gate').searchParams.get('query') ?? '';
    if (gate.mode === 'hold-inserts' && /INSERT INTO\s+`?events`?\s/i.test(statement)) {
      held += 1;
      req.resume();
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('connection', (socket) => {
    if (gate.mode === 'down') {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gate.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gate.stop = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return gate;
}
