export const THEMES = [
  { value: 'aurora', label: 'Aurora', description: 'Neon gradient' },
  { value: 'noir', label: 'Noir', description: 'Ultra minimal' },
  { value: 'solar', label: 'Solar', description: 'Warm spotlight' },
] as const;
export type Theme = (typeof THEMES)[number]['value'];
export const DEFAULT_THEME: Theme = 'aurora';

export const LAYOUTS = [
  { value: 'neon', label: 'Neon', description: 'Hero focus' },
  { value: 'minimal', label: 'Minimal', description: 'Compact bio' },
  { value: 'split', label: 'Split', description: 'Media + details' },
] as const;
export type Layout = (typeof LAYOUTS)[number]['value'];
export const DEFAULT_LAYOUT: Layout = 'neon';

/** unknown values fall back to the default */
export function normalizeTheme(value: unknown): Theme {
  return THEMES.some((t) => t.value === value) ? (value as Theme) : DEFAULT_THEME;
}

export function normalizeLayout(value: unknown): Layout {
  return LAYOUTS.some((l) => l.value === value) ? (value as Layout) : DEFAULT_LAYOUT;
}
