import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// services started by jest's globalSetup live on globalThis until globalTeardown (same process).
export interface TestService {
  readonly name: string;
  stop(): Promise<void>;
}

const KEY = Symbol.for('cardcraft.testServices');
type Holder = { [KEY]?: TestService[] };

export function registerTestService(service: TestService): void {
  const holder = globalThis as Holder;
  (holder[KEY] ??= []).push(service);
}

/** stops every registered service, the last started first; reports every failure, not only the first */
export async function stopTestServices(): Promise<void> {
  const holder = globalThis as Holder;
  const services = (holder[KEY] ?? []).reverse();
  holder[KEY] = [];
  const failures: unknown[] = [];
  for (const service of services) {
    try {
      await service.stop();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'stopping test services failed');
}

/** the first port of the range the kernel hands to port-0 listens and outgoing connections */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function listensOn(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const server = createServer();
    server.once('error', () => answer(false));
    server.listen(port, '127.0.0.1', () => server.close(() => answer(true)));
  });
}

/**
 * a port free on 127.0.0.1 right now, for a process a test starts. drawn below the kernel's ephemeral
 * range: a port the kernel picked (port 0) is handed out again to the next port-0 listen or outgoing
 * connection of a parallel test before the process binds it; one below that range never is. the same
 * rule as infra/scripts/bench/product.mjs's, for the scripts
 */
export async function freePort(): Promise<number> {
  const top = ephemeralLow();
  const bottom = Math.max(1_024, top - 12_000);
  for (let attempt = 0; attempt < 50 && top - bottom > 1_000; attempt++) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (await listensOn(port)) return port;
  }
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}
