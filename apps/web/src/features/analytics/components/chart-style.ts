// the look the dashboard's charts share, as props (recharts reads its axes and tooltip as the chart's
// own children, so they are spread, not wrapped in components of ours)

export const CHART_GRID = { strokeDasharray: '3 3', stroke: '#e2e8f0', vertical: false } as const;

export const CHART_X_AXIS = {
  dataKey: 'label',
  tick: { fontSize: 12, fill: '#526075' },
  tickLine: false,
  axisLine: false,
  minTickGap: 24,
} as const;

export const CHART_Y_AXIS = {
  allowDecimals: false,
  tick: { fontSize: 12, fill: '#526075' },
  tickLine: false,
  axisLine: false,
} as const;

/** a point's `title` heads its tooltip */
export const CHART_TOOLTIP = {
  contentStyle: { borderRadius: 8, border: '1px solid #e2e8f0', fontSize: 12 },
  labelStyle: { fontWeight: 600, color: '#0f172a' },
  labelFormatter: (_: unknown, payload: ReadonlyArray<{ payload?: { title?: unknown } }>) =>
    String(payload?.[0]?.payload?.title ?? ''),
} as const;

/** a tooltip row's words in the text colour, for series whose own colour is too light to read */
export const CHART_TOOLTIP_TEXT = { color: '#334155' } as const;
