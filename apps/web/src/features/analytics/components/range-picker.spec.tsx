import { nextDraft } from './range-picker';

const day = (date: number) => new Date(2026, 10, date);

describe('picking a range on the calendar', () => {
  it('begins a range with the first click, and begins again once a range is whole', () => {
    expect(nextDraft(undefined, day(10))).toEqual({ from: day(10), to: undefined });
    expect(nextDraft({ from: day(1), to: day(20) }, day(10))).toEqual({ from: day(10), to: undefined });
  });

  it('ends the begun range with the second click, on either side of its first day', () => {
    expect(nextDraft({ from: day(10), to: undefined }, day(14))).toEqual({ from: day(10), to: day(14) });
    expect(nextDraft({ from: day(10), to: undefined }, day(3))).toEqual({ from: day(3), to: day(10) });
    expect(nextDraft({ from: day(10), to: undefined }, day(10))).toEqual({ from: day(10), to: day(10) });
  });
});
