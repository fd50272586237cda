import { render, screen, within } from '@testing-library/react';
import type { VisitItem } from '@cardcraft/contracts';
import { emptySummary } from '../testing/summary';
import { DevicesCard, GeographyCard, RecentVisitorsCard, TrafficSourcesCard } from './breakdown-cards';

const summary = emptySummary;

function visit(i: number, patch: Partial<VisitItem> = {}): VisitItem {
  return {
    id: `v${i}`,
    visitorType: 'guest',
    visitorName: null,
    city: null,
    country: null,
    device: null,
    referrer: null,
    createdAtUtc: new Date().toISOString(),
    ...patch,
  };
}

const items = () => screen.getAllByRole('listitem');

describe('analytics breakdown cards', () => {
  it('shows the top 6 countries, and the empty text', () => {
    const byCountry = Object.fromEntries(
      ['US', 'DE', 'FR', 'GB', 'ES', 'IT', 'PT'].map((c, i) => [c, 10 - i]),
    );
    const { unmount } = render(<GeographyCard summary={summary({ visitsByCountry: byCountry })} />);
    expect(items()).toHaveLength(6);
    expect(screen.queryByText('Portugal')).toBeNull();
    unmount();
    render(<GeographyCard summary={summary()} />);
    expect(screen.getByText('No geographic data available yet')).toBeTruthy();
  });

  it('shows the top 5 referrers, Direct for the empty one, and the empty text', () => {
    const byReferrer = { '': 9, 'a.com': 8, 'b.com': 7, 'c.com': 6, 'd.com': 5, 'e.com': 4 };
    const { unmount } = render(<TrafficSourcesCard summary={summary({ visitsByReferrer: byReferrer })} />);
    expect(items()).toHaveLength(5);
    expect(screen.getByText('Direct')).toBeTruthy();
    expect(screen.queryByText('e.com')).toBeNull();
    unmount();
    render(<TrafficSourcesCard summary={summary()} />);
    expect(screen.getByText('No traffic source data available yet')).toBeTruthy();
  });

  it('shows every device with a whole-number share of the total visits, and the empty text', () => {
    const { unmount } = render(
      <DevicesCard summary={summary({ totalVisits: 3, visitsByDevice: { desktop: 2, mobile: 1 } })} />,
    );
    expect(items()).toHaveLength(2);
    expect(screen.getByText('67%')).toBeTruthy();
    expect(screen.getByText('33%')).toBeTruthy();
    unmount();
    render(<DevicesCard summary={summary()} />);
    expect(screen.getByText('No device data available yet')).toBeTruthy();
  });

  it('shows at most 8 recent visitors with their exact labels and locations, and the empty text', () => {
    const visits = [
      visit(0, { visitorType: 'authenticated', visitorName: 'Grace', city: 'Berlin', country: 'DE' }),
      visit(1, { country: 'FR' }),
      ...Array.from({ length: 8 }, (_, i) => visit(i + 2)),
    ];
    const { unmount } = render(<RecentVisitorsCard visits={visits} loading={false} />);
    const rows = items();
    expect(rows).toHaveLength(8);
    expect(within(rows[0]).getByText('Registered User')).toBeTruthy();
    expect(within(rows[0]).getByText('· Grace')).toBeTruthy();
    expect(within(rows[0]).getByText('Berlin, Germany')).toBeTruthy();
    expect(within(rows[1]).getByText('Anonymous Guest')).toBeTruthy();
    expect(within(rows[1]).getByText('France')).toBeTruthy();
    expect(within(rows[2]).getByText('Unknown location')).toBeTruthy();
    unmount();
    render(<RecentVisitorsCard visits={[]} loading={false} />);
    expect(screen.getByText('No recent visitors yet')).toBeTruthy();
  });
});
