import '@/test/text-encoding';
import { readLeadFilters, writeLeadFilters } from './use-lead-filters';

// the card's parameter comes with the profiles' module, which reads the api's address from vite
jest.mock('@/lib/api-client', () => ({ api: {} }));

describe('the Leads screen in the address', () => {
  it('reads each value, leaving out what the API would refuse', () => {
    const filters = readLeadFilters(
      new URLSearchParams(
        'q=%20wind%20&card=ada&status=won&tag=vip&from=2026-01-31&to=2026-02-30&sort=followUp&page=3',
      ),
    );
    expect(filters).toEqual({
      q: 'wind',
      card: 'ada',
      member: null,
      status: 'won',
      tag: 'vip',
      from: '2026-01-31',
      to: null,
      sort: 'followUp',
      page: 3,
    });
    expect(
      readLeadFilters(new URLSearchParams('status=maybe&sort=oldest&page=-2&tag=' + 'x'.repeat(33))),
    ).toMatchObject({
      status: null,
      sort: 'newest',
      page: 1,
      tag: null,
    });
  });

  it('writes a change and leaves the defaults and other parameters as they are', () => {
    const next = writeLeadFilters(new URLSearchParams('card=ada&status=won&other=1'), {
      status: null,
      sort: 'newest',
      page: 1,
      tag: 'vip',
    });
    expect(next.toString()).toBe('card=ada&other=1&tag=vip');
  });
});
