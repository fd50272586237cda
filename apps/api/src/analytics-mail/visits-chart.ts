/** draws a report's daily visits as a PNG: a bar a day, its day's label under it */
export interface VisitsChartRenderer {
  render(bars: ReadonlyArray<{ label: string; visits: number }>): Promise<Buffer>;
}

export const VISITS_CHART_RENDERER = Symbol('VISITS_CHART_RENDERER');

/** the chart's size in CSS pixels; the PNG is drawn at twice that for sharp screens */
export const CHART_SIZE = { width: 560, height: 220 } as const;
