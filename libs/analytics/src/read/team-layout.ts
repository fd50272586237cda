import { createHash } from 'node:crypto';
import type { LinkClicks } from '@cardcraft/contracts';
import {
  FUNNEL_STEPS,
  type BreakdownDimension,
  type BreakdownRow,
  type FunnelStepName,
  type RangeFigures,
  type TeamDayFigures,
} from '../ports';
import { topValues, type TeamCardRow } from './team-merge';

/** what a team's columns tell: the summary's figures, and each card's line and link clicks */
export interface TeamRead {
  figures: RangeFigures;
  breakdowns: BreakdownRow[];
  cards: TeamCardRow[];
  cardLinks: LinkClicks[][];
}

/** a card's own columns, in this order: its line in the team's table */
export const VISITS = 0;
export const UNIQUES = 1;
export const SAVES = 2;
export const MESSAGES = 3;
const CARD_COLUMNS = 4;

/** what a column beyond the cards' counts */
type Column =
  | { kind: 'events' | 'signedIn'; type: string }
  | { kind: 'step'; step: FunnelStepName }
  | { kind: 'breakdown'; dimension: BreakdownDimension; value: string }
  | { kind: 'link'; card: number; target: string };

/**
 * what a team's figures are added up as: one number a column, the same columns for every day and
 * part of a day, so a range of the team's days is a sum of arrays. the first columns are each card's
 * line (visits, viewers, saves, messages); then the team's events and signed-in events by type, its
 * funnel's steps, its views by breakdown value, and each card's link clicks by target (the parts of a
 * card that hold links are the card's own). columns are added as values are first seen; an array
 * made before a column existed reads zero there.
 */
export class TeamLayout {
  /** the cards' ids in the order asked */
  readonly cards: readonly string[];
  /** a name for the cards: the same cards, in any order, have the same */
  readonly key: string;
  private readonly cardIndexes = new Map<string, number>();
  private readonly indexes = new Map<string, number>();
  private readonly columns: Column[] = [];

  constructor(cards: readonly string[], key: string = teamKey(cards)) {
    this.cards = cards;
    this.key = key;
    cards.forEach((card, i) => this.cardIndexes.set(card, i));
    // counts of held events are made as long as the columns then: the steps' are there from the start
    for (const step of Object.keys(FUNNEL_STEPS) as FunnelStepName[]) this.step(step);
  }

  get width(): number {
    return this.cards.length * CARD_COLUMNS + this.columns.length;
  }

  /** the columns beyond the cards' own: one a value ever seen, whether a day held now has it or not */
  get valueColumns(): number {
    return this.columns.length;
  }

  /** a card's number, -1 when the team has no such card */
  card(profileId: string): number {
    return this.cardIndexes.get(profileId) ?? -1;
  }

  /** one of a card's own columns (VISITS, UNIQUES, SAVES, MESSAGES) */
  cardColumn(card: number, which: number): number {
    return card * CARD_COLUMNS + which;
  }

  events(type: string): number {
    return this.column(`e\u0000${type}`, () => ({ kind: 'events', type }));
  }

  signedIn(type: string): number {
    return this.column(`a\u0000${type}`, () => ({ kind: 'signedIn', type }));
  }

  step(step: FunnelStepName): number {
    return this.column(`s\u0000${step}`, () => ({ kind: 'step', step }));
  }

  breakdown(dimension: BreakdownDimension, value: string): number {
    return this.column(`b\u0000${dimension}\u0000${value}`, () => ({ kind: 'breakdown', dimension, value }));
  }

  link(card: number, target: string): number {
    return this.column(`l\u0000${card}\u0000${target}`, () => ({ kind: 'link', card, target }));
  }

  /** the card and target of a link column; null for a column of another kind */
  linkOf(column: number): { card: number; target: string } | null {
    const described = this.columns[column - this.cards.length * CARD_COLUMNS];
    return described?.kind === 'link' ? { card: described.card, target: described.target } : null;
  }

  private column(key: string, make: () => Column): number {
    let index = this.indexes.get(key);
    if (index === undefined) {
      index = this.cards.length * CARD_COLUMNS + this.columns.length;
      this.columns.push(make());
      this.indexes.set(key, index);
    }
    return index;
  }

  /** a day (or part of one) the store counted, as the team's columns */
  vectorOf(figures: TeamDayFigures): Float64Array {
    const columns: Array<[number, number]> = [];
    for (const row of figures.byType) {
      columns.push([this.events(row.type), row.events], [this.signedIn(row.type), row.authenticated]);
    }
    for (const step of Object.keys(figures.stepVisitors) as FunnelStepName[])
      columns.push([this.step(step), figures.stepVisitors[step]]);
    for (const row of figures.breakdowns)
      if (row.dimension !== 'link') columns.push([this.breakdown(row.dimension, row.value), row.count]);
    for (const [profileId, counts] of figures.cards) {
      const card = this.card(profileId);
      if (card < 0) continue;
      columns.push(
        [this.cardColumn(card, VISITS), counts.visits],
        [this.cardColumn(card, UNIQUES), counts.uniqueVisitors],
        [this.cardColumn(card, SAVES), counts.saves],
        [this.cardColumn(card, MESSAGES), counts.messages],
      );
    }
    for (const link of figures.cardLinks) {
      const card = this.card(link.profileId);
      if (card >= 0) columns.push([this.link(card, link.target), link.clicks]);
    }
    const vector = new Float64Array(this.width);
    for (const [column, n] of columns) vector[column] = (vector[column] ?? 0) + n;
    return vector;
  }

  /**
   * what the summary is shaped from: the figures by type and step, the top values of each breakdown
   * (link clicks added up over the cards by target), each card's line and each card's link clicks;
   * without `detail` the figures only (the period before's)
   */
  read(vector: Float64Array, detail = true): TeamRead {
    const at = (column: number) => vector[column] ?? 0;
    const byType = new Map<string, RangeFigures['byType'][number]>();
    const typeOf = (type: string) => {
      const row = byType.get(type) ?? { type, events: 0, authenticated: 0, visitors: 0 };
      byType.set(type, row);
      return row;
    };
    const stepVisitors = Object.fromEntries(Object.keys(FUNNEL_STEPS).map((step) => [step, 0])) as Record<
      FunnelStepName,
      number
    >;
    const values = new Map<BreakdownDimension, Map<string, number>>();
    const valuesOf = (dimension: BreakdownDimension) => {
      const counts = values.get(dimension) ?? new Map<string, number>();
      values.set(dimension, counts);
      return counts;
    };
    const cardLinks: LinkClicks[][] = this.cards.map(() => []);
    const first = this.cards.length * CARD_COLUMNS;
    for (let i = 0; i < this.columns.length; i++) {
      const n = vector[first + i] ?? 0;
      if (n === 0) continue;
      const column = this.columns[i] as Column;
      if (column.kind === 'events') typeOf(column.type).events += n;
      else if (column.kind === 'signedIn') typeOf(column.type).authenticated += n;
      else if (column.kind === 'step') stepVisitors[column.step] += n;
      else if (!detail) continue;
      else if (column.kind === 'breakdown') valuesOf(column.dimension).set(column.value, n);
      else if (column.kind === 'link') {
        // a team's link visitors are not read: its lines carry the clicks
        cardLinks[column.card]?.push({ target: column.target, clicks: n, uniqueClicks: 0, clickRate: null });
        const links = valuesOf('link');
        links.set(column.target, (links.get(column.target) ?? 0) + n);
      }
    }
    const view = byType.get('view');
    if (view) view.visitors = stepVisitors.viewed;
    const figures = {
      byType: [...byType.values()]
        .filter((row) => row.events > 0)
        .sort((a, b) => a.type.localeCompare(b.type)),
      stepVisitors,
    };
    if (!detail) return { figures, breakdowns: [], cards: [], cardLinks: [] };
    const breakdowns: BreakdownRow[] = [];
    for (const [dimension, counts] of values)
      for (const [value, count] of topValues(counts)) breakdowns.push({ dimension, value, count });
    return {
      figures,
      breakdowns,
      cards: this.cards.map((profileId, card) => ({
        profileId,
        visits: at(this.cardColumn(card, VISITS)),
        uniqueVisitors: at(this.cardColumn(card, UNIQUES)),
        saves: at(this.cardColumn(card, SAVES)),
        messages: at(this.cardColumn(card, MESSAGES)),
      })),
      cardLinks,
    };
  }
}

/** a name for a set of cards: the same cards, in any order, have the same */
export function teamKey(cards: readonly string[]): string {
  return createHash('sha256')
    .update([...cards].sort().join('\n'))
    .digest('base64url');
}

/** `into` plus `sign` times `vector`, where `into` is at least as long */
export function addVector(into: Float64Array, vector: Float64Array, sign = 1): void {
  for (let i = 0; i < vector.length; i++) into[i] = (into[i] as number) + sign * (vector[i] as number);
}

/** several arrays added up, as long as the longest */
export function sumVectors(vectors: readonly Float64Array[], width: number): Float64Array {
  const sum = new Float64Array(width);
  for (const vector of vectors) addVector(sum, vector);
  return sum;
}
