import { TooManyRequestsError } from './errors';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows the limit in a window, refuses beyond it, and starts afresh in the next window', () => {
    let now = 1_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    limiter.consume('ip-a');
    limiter.consume('ip-a');
    expect(() => limiter.consume('ip-a')).toThrow(TooManyRequestsError);
    limiter.consume('ip-b');
    now += 60_000;
    expect(() => limiter.consume('ip-a')).not.toThrow();
  });
});
