import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { RateLimitName } from '../config/rate-limit-settings';
import type { RateLimitedRequest } from './rate-limit-keys';
import { RateLimiter } from './rate-limiter';

const RATE_LIMITS = 'cardcraft:rateLimits';

/**
 * counts the route's requests against its named limits and answers 429 once one is spent. a route
 * guard, so it runs after the global auth guard has set request.userId.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const names = this.reflector.get<RateLimitName[] | undefined>(RATE_LIMITS, context.getHandler());
    if (names?.length) {
      await this.limiter.spend(names, context.switchToHttp().getRequest<RateLimitedRequest>());
    }
    return true;
  }
}

/** limits the route by the named limits, per client address and per signed-in account */
export const RateLimit = (...limits: RateLimitName[]) =>
  applyDecorators(
    SetMetadata(RATE_LIMITS, limits),
    UseGuards(RateLimitGuard),
    ApiTooManyRequestsResponse({
      description: 'A rate limit is spent: { error } and Retry-After, the seconds to wait',
    }),
  );
