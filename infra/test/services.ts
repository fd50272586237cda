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
