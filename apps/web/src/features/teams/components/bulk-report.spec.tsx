import { render, screen, within } from '@testing-library/react';
import { TeamMessages, type BulkInviteResponse } from '@cardcraft/contracts';
import { BulkReport } from './bulk-report';

const REPORT: BulkInviteResponse = {
  invited: 2,
  failed: 2,
  rows: [
    { line: 2, email: 'peter@initech.example', status: 'invited', error: null },
    { line: 3, email: 'not-an-address', status: 'failed', error: TeamMessages.inviteEmail },
    { line: 4, email: 'samir@initech.example', status: 'invited', error: null },
    { line: 5, email: 'bill@initech.example', status: 'failed', error: TeamMessages.alreadyMember },
  ],
};

const rowsOf = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the report of a bulk invitation', () => {
  it('says what happened in one line, as a status', () => {
    render(<BulkReport report={REPORT} />);
    expect(screen.getByRole('status').textContent).toContain('2 invited, 2 failed.');
    expect(screen.getByRole('status').textContent).toContain('Fix the rows below');
  });

  it('lists the failed rows first, each with its line in the file and why', () => {
    render(<BulkReport report={REPORT} />);
    expect(rowsOf()).toEqual([
      ['3', `not-an-address${TeamMessages.inviteEmail}`, 'Failed'],
      ['5', `bill@initech.example${TeamMessages.alreadyMember}`, 'Failed'],
      ['2', 'peter@initech.example', 'Invited'],
      ['4', 'samir@initech.example', 'Invited'],
    ]);
    expect(screen.getByRole('table', { name: /2 invited, 2 failed/ })).toBeTruthy();
  });

  it('says everyone is invited when no row failed', () => {
    render(
      <BulkReport
        report={{
          invited: 1,
          failed: 0,
          rows: [{ line: 2, email: 'a@b.example', status: 'invited', error: null }],
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('Everyone has an e-mail with a link to join.');
    expect(screen.queryByText('Failed')).toBeNull();
  });
});
