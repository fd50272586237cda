import { applyDecorators, Injectable, SetMetadata, UseGuards, type ExecutionContext } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerRequest } from '@nestjs/throttler';
import { TooManyRequestsError } from '../common/errors';
import type { RateLimitName } from '../config/app-config';
import { rateLimitTrackers, waitText, type RateLimitedRequest } from './rate-limit-keys';

const RATE_LIMITS = 'cardcraft:rateLimits';

/**
 * counts the route's requests against the named limits (RATE_LIMIT_* in the configuration) and answers
 * 429 once one is spent. a route guard, so it runs after the global auth guard has set request.userId.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const name = props.throttler.name as RateLimitName;
    const routeLimits = this.reflector.get<RateLimitName[] | undefined>(
      RATE_LIMITS,
      props.context.getHandler(),
    );
    if (!routeLimits?.includes(name)) return true;
    const request = props.context.switchToHttp().getRequest<RateLimitedRequest>();
    // every tracker spends one hit; the first one spent answers 429
    for (const tracker of rateLimitTrackers(name, request)) {
      await super.handleRequest({ ...props, getTracker: () => tracker });
    }
    return true;
  }

  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const seconds = Math.max(1, detail.timeToBlockExpire);
    throw new TooManyRequestsError(`Too many requests, please try again in ${waitText(seconds)}`, seconds);
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
