import { Resvg } from '@resvg/resvg-js';
import type satori from 'satori';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CHART_SIZE, type VisitsChartRenderer } from '../visits-chart';

type SatoriNode = { type: string; props: Record<string, unknown> & { children?: unknown } };
type SatoriElement = Parameters<typeof satori>[0];

const BAR = '#4f46e5';
const MUTED = '#6b7280';
const LABEL_ROW = 22;
const VALUE_ROW = 18;

function loadFont() {
  const dir = join(dirname(require.resolve('@fontsource/inter/package.json')), 'files');
  return [
    {
      name: 'Inter',
      data: readFileSync(join(dir, 'inter-latin-400-normal.woff')),
      weight: 400 as const,
      style: 'normal' as const,
    },
  ];
}

function box(style: Record<string, unknown>, children?: unknown): SatoriNode {
  return { type: 'div', props: { style: { display: 'flex', ...style }, children } };
}

/**
 * satori lays the bars and labels out as an SVG (its text as paths, so no font is needed to draw
 * it) and resvg rasterises that SVG: no browser, no system fonts
 */
export class SatoriVisitsChartRenderer implements VisitsChartRenderer {
  private fonts: ReturnType<typeof loadFont> | null = null;

  async render(bars: ReadonlyArray<{ label: string; visits: number }>): Promise<Buffer> {
    const { width, height } = CHART_SIZE;
    const most = Math.max(1, ...bars.map((bar) => bar.visits));
    const plot = height - LABEL_ROW - VALUE_ROW - 8;
    // a month's labels would crowd: every few days then, and the first and last
    const every = bars.length > 10 ? Math.ceil(bars.length / 8) : 1;
    const fontSize = bars.length > 10 ? 11 : 12;
    const columns = bars.map((bar, index) => {
      const showLabel = index % every === 0 || index === bars.length - 1;
      return box(
        {
          flex: 1,
          flexBasis: 0,
          minWidth: 0,
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'flex-end',
        },
        [
          box(
            { height: VALUE_ROW, fontSize, color: MUTED },
            bars.length <= 10 || bar.visits === most ? String(bar.visits) : '',
          ),
          box({
            width: '70%',
            height: Math.max(bar.visits > 0 ? 2 : 1, Math.round((bar.visits / most) * plot)),
            backgroundColor: bar.visits > 0 ? BAR : '#e5e7eb',
            borderRadius: 2,
          }),
          box({ height: LABEL_ROW, paddingTop: 4, fontSize, color: MUTED }, showLabel ? bar.label : ''),
        ],
      );
    });
    const tree = box(
      {
        width,
        height,
        backgroundColor: '#ffffff',
        fontFamily: 'Inter',
        alignItems: 'flex-end',
      },
      columns,
    );
    // satori (and its layout engine's WebAssembly) loads at the first picture, not with the api
    const { default: layOut } = await import('satori');
    const svg = await layOut(tree as unknown as SatoriElement, {
      width,
      height,
      fonts: (this.fonts ??= loadFont()),
    });
    return new Resvg(svg, { fitTo: { mode: 'width', value: width * 2 } }).render().asPng();
  }
}
