import {
  clampView,
  imagePlacement,
  initialView,
  moveView,
  sourceRect,
  zoomView,
  MAX_ZOOM,
} from './crop-geometry';

const photo = { width: 4000, height: 3000 };
const square = { width: 300, height: 300 };
const banner = { width: 600, height: 200 };

describe('the cropper arithmetic', () => {
  it('opens on the whole image centred, covering a square frame with its short side', () => {
    const view = initialView(photo);
    expect(sourceRect(view, photo, square)).toEqual({ x: 500, y: 0, width: 3000, height: 3000 });
    expect(imagePlacement(view, photo, square)).toEqual({ left: -50, top: 0, width: 400, height: 300 });
  });

  it('covers a banner frame with the long side', () => {
    const rect = sourceRect(initialView(photo), photo, banner);
    expect(rect.width).toBeCloseTo(4000);
    expect(rect.height).toBeCloseTo(4000 / 3);
    expect(rect.y).toBeCloseTo((3000 - 4000 / 3) / 2);
  });

  it('moves with a drag but never shows past the image', () => {
    const start = initialView(photo);
    // dragging the image right by 30 screen px shows more of its left side
    const moved = moveView(start, 30, 0, photo, square);
    expect(sourceRect(moved, photo, square).x).toBeCloseTo(500 - 30 * 10);
    // far beyond the edge: stopped at it
    const stopped = moveView(start, 10_000, 10_000, photo, square);
    expect(sourceRect(stopped, photo, square)).toMatchObject({ x: 0, y: 0 });
    const other = moveView(start, -10_000, 0, photo, square);
    expect(sourceRect(other, photo, square).x + 3000).toBeCloseTo(4000);
  });

  it('zooms about the centre, within 1× and the most zoom', () => {
    const zoomed = zoomView(initialView(photo), 2, photo, square);
    expect(sourceRect(zoomed, photo, square)).toEqual({ x: 1250, y: 750, width: 1500, height: 1500 });
    expect(zoomView(zoomed, 99, photo, square).zoom).toBe(MAX_ZOOM);
    expect(zoomView(zoomed, 0.2, photo, square).zoom).toBe(1);
  });

  it('pulls a zoomed-out view at an edge back inside the image', () => {
    const atCorner = moveView(zoomView(initialView(photo), 3, photo, square), 5000, 5000, photo, square);
    expect(sourceRect(atCorner, photo, square)).toMatchObject({ x: 0, y: 0 });
    const out = clampView({ ...atCorner, zoom: 1 }, photo, square);
    expect(sourceRect(out, photo, square)).toMatchObject({ x: 0, y: 0, width: 3000, height: 3000 });
  });
});
