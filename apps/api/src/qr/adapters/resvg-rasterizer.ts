import { Resvg } from '@resvg/resvg-js';

/** an SVG document drawn as a PNG of the given width (resvg: no browser, no system fonts needed) */
export function svgToPng(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } });
  return resvg.render().asPng();
}
