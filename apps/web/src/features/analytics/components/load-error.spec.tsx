import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api-error';
import { AnalyticsLoadError } from './load-error';

const LOAD_FAILURE = 'Failed to load analytics data. Please try refreshing.';

describe('a failed analytics read', () => {
  it("shows the server's outage text with a Retry that asks again", () => {
    const onRetry = jest.fn();
    render(
      <AnalyticsLoadError
        error={new ApiError('Analytics are temporarily unavailable', 503)}
        onRetry={onRetry}
        retrying={false}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Analytics are temporarily unavailable');
    expect(screen.queryByText(LOAD_FAILURE)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the generic text for any other failure, and holds Retry while it asks', () => {
    render(
      <AnalyticsLoadError error={new ApiError('Internal server error', 500)} onRetry={jest.fn()} retrying />,
    );
    expect(screen.getByText(LOAD_FAILURE)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
