import type { ThrottlerStorage } from '@nestjs/throttler';

/** what one count answers (the package does not export the type by name) */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * counts in the shared store (redis) and, while that store cannot answer, in this replica's memory: a
 * redis outage must neither fail every limited request nor lift the limits altogether.
 */
export class FailoverThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly shared: ThrottlerStorage,
    private readonly local: ThrottlerStorage,
    private readonly onSharedFailure: (error: Error) => void,
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    try {
      return await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
    } catch (error) {
      this.onSharedFailure(error as Error);
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
  }
}
