import { Injectable } from '@nestjs/common';

/** what a check may say beyond answering: why it is not ready, and figures an operator reads */
export interface CheckReport {
  /** empty: ready */
  reasons: string[];
  details?: Record<string, unknown>;
}

export interface HealthRun {
  checks: Record<string, 'up' | 'down'>;
  /** why each check that is down is down */
  reasons: string[];
  details: Record<string, Record<string, unknown>>;
}

/**
 * every configured store registers how to check it answers; /health/ready runs them all. a check
 * that throws is down with its error as the reason; one that returns a report is down when the
 * report gives reasons.
 */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, () => Promise<void | CheckReport>>();
  private stoppingReason: string | null = null;

  /** the process is stopping: from now on readiness answers 503 with this reason, whatever the checks say */
  markStopping(reason: string): void {
    this.stoppingReason = reason;
  }

  /** why the process is stopping; null while it serves */
  get stopping(): string | null {
    return this.stoppingReason;
  }

  register(name: string, check: () => Promise<void | CheckReport>): void {
    this.checks.set(name, check);
  }

  async run(timeoutMs = 2000): Promise<HealthRun> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        });
        try {
          const report = await Promise.race([check(), timeout]);
          return { name, reasons: report?.reasons ?? [], details: report?.details };
        } catch (err) {
          return {
            name,
            reasons: [`${name}: ${(err as Error)?.message ?? String(err)}`],
            details: undefined,
          };
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const run: HealthRun = { checks: {}, reasons: [], details: {} };
    for (const entry of entries) {
      run.checks[entry.name] = entry.reasons.length === 0 ? 'up' : 'down';
      run.reasons.push(...entry.reasons);
      if (entry.details) run.details[entry.name] = entry.details;
    }
    return run;
  }
}
