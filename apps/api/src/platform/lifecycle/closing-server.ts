import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

// the listener closes once no connection came for QUIET_MS (or after QUIET_WAIT_MAX_MS whatever comes)
const QUIET_MS = 20;
const QUIET_WAIT_MAX_MS = 1000;
// a turn of the event loop this short read all that had come before a connection is judged idle
const SHORT_TURN_MS = 1;
const TURN_RETRY_MS = 2;
const SHORT_TURN_WAIT_MAX_MS = 1000;
// once the listener is closed, a connection with no request in progress is left this long to send one
// (answered with Connection: close) before it is closed as idle
const IDLE_GRACE_MS = 500;
const IDLE_CHECK_MS = 50;

/**
 * the http server of a stopping process, closed without resetting a client. a reset comes from a
 * connection closed under a request that is on its way; the one close a client cannot race is the
 * one announced in an answer (Connection: close: node ends the connection once that answer is sent).
 * so from here on every answer closes its connection, except while the listener waits to close.
 */
export class ClosingServer {
  private closeAfterAnswer = true;
  private closed = false;

  constructor(private readonly server: Server) {
    server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      if (this.closeAfterAnswer) response.setHeader('connection', 'close');
    });
  }

  /**
   * stops accepting, then waits for every connection to end: each is closed after its next answer,
   * and one that stays idle past IDLE_GRACE_MS is closed then. three races are kept out:
   * - the kernel resets the connections it accepted that the server has not yet taken from the listen
   *   queue when the listener closes: it closes at a quiet moment, and until then answers keep their
   *   connection, so that clients still sending reuse theirs instead of opening new ones;
   * - http's own close() destroys the idle connections at once, among them one accepted a moment before
   *   whose request is not yet read: the listener closes as a plain net server's;
   * - a connection is judged idle right after a short turn of the loop, whose poll read what its client
   *   had sent, never after a stall with a request waiting unread.
   */
  async close(): Promise<void> {
    this.closeAfterAnswer = false;
    await this.quietMoment();
    this.closeAfterAnswer = true;
    const ended = new Promise<void>((resolve) =>
      NetServer.prototype.close.call(this.server, () => {
        this.closed = true;
        resolve();
      }),
    );
    await Promise.all([ended, this.closeIdleConnections(ended)]);
  }

  /** resolves in the loop's check phase once no connection came for QUIET_MS, or after QUIET_WAIT_MAX_MS */
  private async quietMoment(): Promise<void> {
    let lastConnection = performance.now();
    const seen = () => {
      lastConnection = performance.now();
    };
    this.server.on('connection', seen);
    const giveUpAt = lastConnection + QUIET_WAIT_MAX_MS;
    for (;;) {
      await shortTurn(giveUpAt);
      const now = performance.now();
      if (now - lastConnection >= QUIET_MS || now >= giveUpAt) break;
      await sleep(TURN_RETRY_MS);
    }
    this.server.off('connection', seen);
  }

  private async closeIdleConnections(ended: Promise<void>): Promise<void> {
    await Promise.race([ended, sleep(IDLE_GRACE_MS, undefined, { ref: false })]);
    while (!this.closed) {
      await shortTurn(performance.now() + SHORT_TURN_WAIT_MAX_MS);
      this.server.closeIdleConnections();
      await sleep(IDLE_CHECK_MS);
    }
  }
}

/**
 * resolves in the loop's check phase right after a turn shorter than SHORT_TURN_MS: its poll took the
 * connections the kernel had accepted and read what their clients had sent, a moment ago. after
 * `giveUpAt` it resolves anyway
 */
function shortTurn(giveUpAt: number): Promise<void> {
  return new Promise((resolve) => {
    const turn = () =>
      setImmediate(() => {
        const started = performance.now();
        setImmediate(() => {
          const now = performance.now();
          if (now - started < SHORT_TURN_MS || now >= giveUpAt) resolve();
          else setTimeout(turn, TURN_RETRY_MS);
        });
      });
    turn();
  });
}
