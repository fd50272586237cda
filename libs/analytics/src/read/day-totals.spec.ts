import type { DayFigures } from '../ports';
import { WholeDaySums } from './day-totals';

const day = (views: number, country: string): DayFigures => ({
  byType: [{ type: 'view', events: views, authenticated: 0 }],
  stepVisitors: { viewed: views, saved_or_shared: 0, clicked: 0, messaged: 0 },
  breakdowns: [{ dimension: 'country', value: country, count: views }],
});

describe('whole days kept added up', () => {
  const plan = { wholeDays: ['2026-03-01', '2026-03-02', '2026-03-03'], partials: [] };
  const whole = [day(1, 'DE'), day(2, 'DE'), day(4, 'US')];
  const countries = (figures: ReturnType<WholeDaySums['period']>) =>
    Object.fromEntries(figures.breakdowns.map((row) => [row.value, row.count]));

  it('adds the partial days to the kept sum without changing it, read after read', () => {
    const sums = new WholeDaySums();
    const first = sums.period('card', plan, whole, [['2026-03-04', day(8, 'US')]]);
    expect(first.figures.stepVisitors.viewed).toBe(15);
    expect(countries(first)).toEqual({ DE: 3, US: 12 });
    // the same whole days, another partial part: the kept sum is not the last read's
    const second = sums.period('card', plan, whole, [['2026-03-04', day(16, 'FR')]]);
    expect(second.figures.stepVisitors.viewed).toBe(23);
    expect(countries(second)).toEqual({ DE: 3, US: 4, FR: 16 });
    expect(second.series.map((point) => point.visits)).toEqual([1, 2, 4, 16]);
  });

  it('adds the days again once one of them is another object (read again, or its card forgotten)', () => {
    const sums = new WholeDaySums();
    sums.period('card', plan, whole, []);
    const again = sums.period('card', plan, [whole[0]!, day(20, 'GB'), whole[2]!], []);
    expect(again.figures.stepVisitors.viewed).toBe(25);
    expect(countries(again)).toEqual({ DE: 1, GB: 20, US: 4 });
    // another card's same days are its own
    expect(
      sums.period('other', plan, [day(3, 'IT'), day(3, 'IT'), day(3, 'IT')], []).figures.stepVisitors.viewed,
    ).toBe(9);
  });
});
