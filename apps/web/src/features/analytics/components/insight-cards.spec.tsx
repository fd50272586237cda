import { fireEvent, render, screen, within } from '@testing-library/react';
import { emptySummary } from '../testing/summary';
import {
  ChannelsCard,
  ExportButtons,
  FunnelCard,
  LinkClicksCard,
  LiveVisitorsCard,
  PeriodComparisonCard,
} from './insight-cards';

const busy = emptySummary({
  totalVisits: 40,
  uniqueVisitors: 20,
  engagement: { vcard_saved: 6, message_sent: 1 },
  visitsByChannel: { qr: 25, direct: 10, nfc: 5 },
  funnel: [
    { step: 'viewed', visitors: 20, shareOfViewers: 1 },
    { step: 'saved_or_shared', visitors: 5, shareOfViewers: 0.25 },
    { step: 'clicked', visitors: 3, shareOfViewers: 0.15 },
    { step: 'messaged', visitors: 1, shareOfViewers: 0.05 },
  ],
  clicksByLink: [
    { target: 'https://github.com/ada', clicks: 7, uniqueClicks: 5, clickRate: 0.175 },
    { target: 'https://cal.example/ada', clicks: 2, uniqueClicks: 2, clickRate: 0.05 },
  ],
  clicksByBlock: [
    { id: 'b1', kind: 'block', label: 'Book a call', clicks: 2, uniqueClicks: 2, clickRate: 0.05 },
  ],
  comparison: {
    kind: 'previous',
    previous: {
      fromUtc: '2026-01-01T00:00:00.000Z',
      toUtc: '2026-01-31T00:00:00.000Z',
      visits: 32,
      uniqueVisitors: 20,
      saves: 0,
      messages: 2,
    },
    changePercent: { visits: 25, uniqueVisitors: 0, saves: null, messages: -50 },
  },
});

describe('analytics insight cards', () => {
  it('shows the funnel with each step’s share of the viewers', () => {
    render(<FunnelCard summary={busy} />);
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual([
      '1.Viewed the card20 · 100 %',
      '2.Saved the contact or shared5 · 25 %',
      '3.Clicked a link, e-mail or call3 · 15 %',
      '4.Sent a message1 · 5 %',
    ]);
  });

  it('names the channels and orders them by visits', () => {
    render(<ChannelsCard summary={busy} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'QR code25',
      'Direct10',
      'NFC tag5',
    ]);
  });

  it('lists clicks, unique clicks and click rate per block and per link', () => {
    render(<LinkClicksCard summary={busy} />);
    expect(screen.getByText('By block').closest('section')?.textContent).toContain(
      'Book a call · block2 · 2 · 5 %',
    );
    const links = within(screen.getByText('By link').closest('section')!).getAllByRole('listitem');
    expect(links.map((li) => li.textContent)).toEqual([
      'github.com/ada7 · 5 · 17.5 %',
      'cal.example/ada2 · 2 · 5 %',
    ]);
  });

  it('filters by a link or a channel from its row, a real button', () => {
    const onFilter = jest.fn();
    const { unmount } = render(<LinkClicksCard summary={busy} filter={{ onFilter }} />);
    fireEvent.click(screen.getByRole('button', { name: /^Filter by link: github\.com\/ada/ }));
    unmount();
    render(<ChannelsCard summary={busy} filter={{ onFilter }} />);
    fireEvent.click(screen.getByRole('button', { name: /^Filter by channel: QR code/ }));
    expect(onFilter.mock.calls).toEqual([
      ['link', 'https://github.com/ada'],
      ['channel', 'qr'],
    ]);
  });

  it('names the comparison by its kind', () => {
    render(<PeriodComparisonCard summary={{ ...busy, comparison: { ...busy.comparison, kind: 'year' } }} />);
    expect(screen.getByText('Against the same period last year')).toBeTruthy();
  });

  it('compares with the period before in per cent, "new" when it had none', () => {
    render(<PeriodComparisonCard summary={busy} />);
    const text = document.body.textContent;
    expect(text).toContain('Visits40+25 %before: 32');
    expect(text).toContain('Unique visitors20no changebefore: 20');
    expect(text).toContain('Saves6newbefore: 0');
    expect(text).toContain('Messages1-50 %before: 2');
  });

  it('says so when there is nothing yet', () => {
    const empty = emptySummary();
    render(
      <>
        <FunnelCard summary={empty} />
        <ChannelsCard summary={empty} />
        <LinkClicksCard summary={empty} />
        <PeriodComparisonCard summary={empty} />
      </>,
    );
    for (const text of [
      'No visitors in this period yet',
      'No visits in this period yet',
      'No link clicks in this period yet',
      'No activity in this period or the one before',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });

  it('shows live visitors, and that nobody is there', () => {
    const { rerender } = render(
      <LiveVisitorsCard
        live={{ windowSeconds: 300, visits: 4, visitors: 3, asOfUtc: new Date().toISOString() }}
        loading={false}
        failed={false}
      />,
    );
    expect(document.body.textContent).toContain('3 visitors');
    rerender(
      <LiveVisitorsCard
        live={{ windowSeconds: 300, visits: 0, visitors: 0, asOfUtc: new Date().toISOString() }}
        loading={false}
        failed={false}
      />,
    );
    expect(screen.getByText('Nobody is looking at your profile right now')).toBeTruthy();
  });

  it('asks for the export it was clicked for', () => {
    const onExport = jest.fn();
    render(<ExportButtons onExport={onExport} pending={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Visits CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Summary CSV' }));
    expect(onExport.mock.calls).toEqual([['visits'], ['summary']]);
  });
});
