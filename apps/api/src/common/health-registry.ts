import { Injectable } from '@nestjs/common';

/** every configured store registers how to check it answers; /health/ready runs them all */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, () => Promise<void>>();

  register(name: string, check: () => Promise<void>): void {
    this.checks.set(name, check);
  }

  async run(timeoutMs = 2000): Promise<Record<string, 'up' | 'down'>> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
        });
        try {
          await Promise.race([check(), timeout]);
          return [name, 'up'] as const;
        } catch {
          return [name, 'down'] as const;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return Object.fromEntries(entries);
  }
}
