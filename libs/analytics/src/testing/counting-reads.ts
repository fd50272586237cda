import type { FiguresReader } from '../ports';

/** the queries of a FiguresReader, which a counting decorator counts */
export const READ_QUERIES = [
  'figures',
  'breakdowns',
  'series',
  'visits',
  'dailyFigures',
  'rawEvents',
  'dayOutlines',
  'live',
  'pieceFigures',
  'linkClickOutlines',
  'cardsVisits',
  'teamDailyFigures',
  'teamSeries',
  'teamRawEvents',
  'teamLinkVisitors',
  'teamZoneSeries',
] as const satisfies ReadonlyArray<keyof FiguresReader>;
export type ReadQuery = (typeof READ_QUERIES)[number];

export interface CountedReads<S> {
  /** the store, its queries counted; every other member is the store's own */
  store: S;
  /** the queries asked since the last reset, per query */
  reads: Record<ReadQuery, number>;
  /** the queries asked since the last reset, all together */
  total(): number;
  reset(): void;
}

/** a store whose reads are counted: tests assert how often the store was asked, not with what */
export function countingReads<S extends FiguresReader>(store: S): CountedReads<S> {
  const reads = Object.fromEntries(READ_QUERIES.map((name) => [name, 0])) as Record<ReadQuery, number>;
  const counted = Object.create(store) as S;
  for (const name of READ_QUERIES) {
    const query = store[name] as (...args: unknown[]) => unknown;
    Object.defineProperty(counted, name, {
      value: (...args: unknown[]) => {
        reads[name] += 1;
        return query.apply(store, args);
      },
    });
  }
  return {
    store: counted,
    reads,
    total: () => READ_QUERIES.reduce((sum, name) => sum + reads[name], 0),
    reset: () => {
      for (const name of READ_QUERIES) reads[name] = 0;
    },
  };
}
