import { ApiError } from './api-error';
import {
  analyticsQueryDefaults,
  createQueryClient,
  publicProfileQueryDefaults,
  queryKeys,
  shouldRetry,
} from './query-client';

describe('query client settings', () => {
  it('keeps data fresh for 5 minutes and retries with shouldRetry', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.staleTime).toBe(5 * 60_000);
    expect(options?.retry).toBe(shouldRetry);
  });

  it('retries up to 3 times, never for 401 or 404', () => {
    const error = new ApiError('Request failed', 500);
    expect([0, 1, 2].map((n) => shouldRetry(n, error))).toEqual([true, true, true]);
    expect(shouldRetry(3, error)).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 401))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 404))).toBe(false);
    expect(shouldRetry(0, new Error('Network Error'))).toBe(true);
  });

  it('analytics: fresh 30 seconds, no refetch on focus; public profile: one retry, no refetch on focus', () => {
    expect(analyticsQueryDefaults).toEqual({ staleTime: 30_000, refetchOnWindowFocus: false });
    expect(publicProfileQueryDefaults).toEqual({ retry: 1, refetchOnWindowFocus: false });
  });

  it("caches the profile list under 'profiles'", () => {
    expect(queryKeys.profiles).toEqual(['profiles']);
  });
});
