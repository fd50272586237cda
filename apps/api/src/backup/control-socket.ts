import { chmodSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** the running product's control socket in DATA_DIR: a unix socket, its owner's only (0600), never tcp */
export const CONTROL_SOCKET_NAME = 'control.sock';

/** a unix socket's path must fit in sockaddr_un (108 bytes on Linux, with its terminating zero) */
const MAX_SOCKET_PATH = 107;

export function controlSocketIn(dataDir: string): string {
  return join(dataDir, CONTROL_SOCKET_NAME);
}

/** one request, one line of JSON */
export interface ControlRequest {
  command: 'backup';
  /** an absolute path: the product writes the archive there */
  file: string;
}

/** the answer's lines: progress, then one with done */
export type ControlLine =
  { progress: string } | { done: true; result: unknown } | { done: true; error: string };

export type ControlHandler = (request: ControlRequest, progress: (step: string) => void) => Promise<unknown>;

function parseRequest(line: string): ControlRequest | null {
  try {
    const request = JSON.parse(line) as Partial<ControlRequest>;
    return request.command === 'backup' && typeof request.file === 'string' && request.file.startsWith('/')
      ? { command: 'backup', file: request.file }
      : null;
  } catch {
    return null;
  }
}

function answer(socket: Socket, line: ControlLine): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(line)}\n`);
}

/**
 * listens on the socket for one request a connection and answers it line by line. a socket file left
 * by a product that was killed is replaced. null when the path is too long for a unix socket
 */
export async function startControlSocket(path: string, handle: ControlHandler): Promise<Server | null> {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) return null;
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const server = createServer((socket) => {
    socket.on('error', () => socket.destroy());
    const lines = createInterface({ input: socket });
    // readline passes its input's errors on: a client gone is nothing to report
    lines.on('error', () => socket.destroy());
    lines.once('line', (line) => {
      lines.close();
      const request = parseRequest(line);
      if (!request) {
        answer(socket, { done: true, error: 'not a request: send {"command":"backup","file":"/abs/path"}' });
        socket.end();
        return;
      }
      handle(request, (step) => answer(socket, { progress: step }))
        .then(
          (result) => answer(socket, { done: true, result }),
          (error: unknown) => answer(socket, { done: true, error: (error as Error).message }),
        )
        .finally(() => socket.end());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return server;
}

export async function stopControlSocket(server: Server | null): Promise<void> {
  if (!server) return;
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** no product listens there: no socket file, or one a killed product left */
export class NoProductError extends Error {
  constructor(path: string) {
    super(`no product answers on ${path}`);
    this.name = 'NoProductError';
  }
}

/**
 * sends one request to the running product and hands each progress line to `progress`; resolves with
 * the result, rejects with the product's error, or NoProductError when nothing listens
 */
export function sendControlRequest(
  path: string,
  request: ControlRequest,
  progress: (step: string) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    socket.once('error', (error: NodeJS.ErrnoException) => {
      settle(() =>
        reject(['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? new NoProductError(path) : error),
      );
    });
    socket.once('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    const lines = createInterface({ input: socket });
    // readline passes the socket's errors on; the socket's own handler above settles them
    lines.on('error', () => {});
    lines.on('line', (text) => {
      const line = JSON.parse(text) as ControlLine;
      if ('progress' in line) progress(line.progress);
      else if ('error' in line) settle(() => reject(new Error(line.error)));
      else settle(() => resolve(line.result));
    });
    socket.once('close', () =>
      settle(() => reject(new Error('the product closed the connection without an answer'))),
    );
  });
}
