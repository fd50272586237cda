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

/** a port free on 127.0.0.1 right now, for a process a test starts */
export function freePort(): Promise<number> {
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
