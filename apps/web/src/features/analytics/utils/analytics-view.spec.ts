import { rangeSearch, readView, withFilter, withoutFilter, writeView } from './analytics-view';

const params = (search: string) => new URLSearchParams(search);

describe('the view in the address', () => {
  it('reads a preset, the comparison and the filters, and writes them back as they were', () => {
    const search = 'card=ada&range=7d&compare=year&country=DE&device=mobile&utm_campaign=spring+launch';
    const view = readView(params(search));
    expect(view).toEqual({
      range: { preset: '7d' },
      compare: 'year',
      filters: { country: 'DE', device: 'mobile', utm_campaign: 'spring launch' },
    });
    const written = writeView(params('card=ada'), view);
    expect(readView(written)).toEqual(view);
    expect(written.get('card')).toBe('ada');
  });

  it('reads a custom range by its days, and leaves the default comparison out', () => {
    const view = readView(params('from=2026-11-01&to=2026-11-15'));
    expect(view).toEqual({
      range: { from: '2026-11-01', to: '2026-11-15' },
      compare: 'previous',
      filters: {},
    });
    expect(writeView(params(''), view).toString()).toBe('from=2026-11-01&to=2026-11-15');
  });

  it('falls back to the last 30 days for what it cannot read, and drops a range the view replaces', () => {
    expect(readView(params('range=forever&from=2026-02-30&to=2026-03-01&compare=decade'))).toEqual({
      range: { preset: '30d' },
      compare: 'previous',
      filters: {},
    });
    const written = writeView(params('from=2026-11-01&to=2026-11-15&country=DE'), {
      range: { preset: 'today' },
      compare: 'previous',
      filters: {},
    });
    expect(written.toString()).toBe('range=today');
  });

  it('keeps one filter per key: another value replaces it, and removing leaves the others', () => {
    const one = withFilter({}, 'country', 'DE');
    const two = withFilter(withFilter(one, 'device', 'mobile'), 'country', 'FR');
    expect(two).toEqual({ country: 'FR', device: 'mobile' });
    expect(withoutFilter(two, 'country')).toEqual({ device: 'mobile' });
  });

  it('carries the range and comparison, not the filters, to another page', () => {
    const view = readView(params('range=90d&compare=year&country=DE'));
    expect(rangeSearch(view, { card: 'ada' })).toBe('card=ada&range=90d&compare=year');
  });
});
