import '@/test/text-encoding';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { OverviewCardFigures } from '@cardcraft/contracts';
import { OverviewCardsTable } from './overview-cards-table';

const row = (
  handle: string,
  visits: number,
  saves: number,
  conversion: number | null,
): OverviewCardFigures => ({
  profileId: handle,
  handle,
  displayName: handle.toUpperCase(),
  published: true,
  visits,
  uniqueVisitors: visits,
  saves,
  messages: 0,
  conversion,
  series: [],
});

const order = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent?.slice(0, 1));

describe('the overview table of cards', () => {
  it('starts with the most viewed card and sorts by a column from its header, both ways', () => {
    render(
      <MemoryRouter>
        <OverviewCardsTable
          rows={[row('a', 5, 1, 0.2), row('b', 50, 0, 0.1), row('c', 0, 3, null)]}
          hrefOf={(r) => `/dashboard/analytics?card=${r.handle}&range=7d`}
        />
      </MemoryRouter>,
    );
    expect(order()).toEqual(['B', 'A', 'C']);
    const views = screen.getByRole('columnheader', { name: /Views/ });
    expect(views.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: /Saves/ }));
    expect(order()).toEqual(['C', 'A', 'B']);
    expect(screen.getByRole('columnheader', { name: /Saves/ }).getAttribute('aria-sort')).toBe('descending');
    expect(views.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Saves/ }));
    expect(order()).toEqual(['B', 'A', 'C']);
    expect(screen.getByRole('columnheader', { name: /Saves/ }).getAttribute('aria-sort')).toBe('ascending');

    // a card without visits has no conversion: last
    fireEvent.click(screen.getByRole('button', { name: /Conversion/ }));
    expect(order()).toEqual(['A', 'B', 'C']);
    expect(screen.getByRole('link', { name: 'A' }).getAttribute('href')).toBe(
      '/dashboard/analytics?card=a&range=7d',
    );
  });
});
