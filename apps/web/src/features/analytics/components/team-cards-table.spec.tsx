import { fireEvent, render, screen, within } from '@testing-library/react';
import type { TeamCardFigures } from '@cardcraft/contracts';
import { TeamCardsTable } from './team-cards-table';

const row = (handle: string, visits: number, conversion: number | null): TeamCardFigures => ({
  profileId: handle,
  handle,
  displayName: handle.toUpperCase(),
  holderId: 'u',
  holderName: 'Holder',
  visits,
  uniqueVisitors: visits,
  saves: 0,
  messages: 0,
  conversion,
});

const order = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent?.slice(0, 1));

describe('the table a card of team analytics', () => {
  it('starts with the most visited card, and sorts by any column both ways', () => {
    render(<TeamCardsTable rows={[row('a', 5, 0.2), row('b', 50, 0.1), row('c', 0, null)]} />);
    expect(order()).toEqual(['B', 'A', 'C']);
    const visits = screen.getByRole('columnheader', { name: /Visits/ });
    expect(visits.getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: /Conversion/ }));
    // a card without visits has no conversion: last
    expect(order()).toEqual(['A', 'B', 'C']);
    expect(screen.getByRole('columnheader', { name: /Conversion/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(visits.getAttribute('aria-sort')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Card/ }));
    expect(order()).toEqual(['A', 'B', 'C']);
    fireEvent.click(screen.getByRole('button', { name: /Card/ }));
    expect(order()).toEqual(['C', 'B', 'A']);
    expect(screen.getAllByTestId('team-card-figures')[0].textContent).toContain('—');
  });
});
