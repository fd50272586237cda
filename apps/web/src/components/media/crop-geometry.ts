// the cropper's arithmetic, apart from the DOM so it can be tested: an image seen through a frame of
// a fixed aspect, moved and zoomed, never leaving part of the frame empty.

export interface Size {
  width: number;
  height: number;
}

/** where the frame looks: the image point at its centre (image pixels) and the zoom (1 = cover) */
export interface CropView {
  centerX: number;
  centerY: number;
  zoom: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** the image's scale on screen: the least that covers the frame, times the zoom */
export function scaleOf(image: Size, frame: Size, zoom: number): number {
  return Math.max(frame.width / image.width, frame.height / image.height) * zoom;
}

/** the view kept inside the image: the zoom within its range, the centre where the frame stays full */
export function clampView(view: CropView, image: Size, frame: Size): CropView {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom));
  const scale = scaleOf(image, frame, zoom);
  const halfWidth = frame.width / scale / 2;
  const halfHeight = frame.height / scale / 2;
  const clamp = (value: number, low: number, high: number) =>
    low > high ? (low + high) / 2 : Math.min(high, Math.max(low, value));
  return {
    zoom,
    centerX: clamp(view.centerX, halfWidth, image.width - halfWidth),
    centerY: clamp(view.centerY, halfHeight, image.height - halfHeight),
  };
}

/** the whole image centred, as a cropper opens */
export function initialView(image: Size): CropView {
  return { centerX: image.width / 2, centerY: image.height / 2, zoom: 1 };
}

/** the view after the image was dragged by (dx, dy) screen pixels */
export function moveView(view: CropView, dx: number, dy: number, image: Size, frame: Size): CropView {
  const scale = scaleOf(image, frame, view.zoom);
  return clampView(
    { ...view, centerX: view.centerX - dx / scale, centerY: view.centerY - dy / scale },
    image,
    frame,
  );
}

/** the view at another zoom, the frame's centre kept on the same image point */
export function zoomView(view: CropView, zoom: number, image: Size, frame: Size): CropView {
  return clampView({ ...view, zoom }, image, frame);
}

/** where the image sits in the frame, in screen pixels: its offset and its drawn size */
export function imagePlacement(view: CropView, image: Size, frame: Size) {
  const scale = scaleOf(image, frame, view.zoom);
  return {
    left: frame.width / 2 - view.centerX * scale,
    top: frame.height / 2 - view.centerY * scale,
    width: image.width * scale,
    height: image.height * scale,
  };
}

/** the part of the image (image pixels) the frame shows: what is drawn into the output */
export function sourceRect(view: CropView, image: Size, frame: Size) {
  const scale = scaleOf(image, frame, view.zoom);
  const width = frame.width / scale;
  const height = frame.height / scale;
  return { x: view.centerX - width / 2, y: view.centerY - height / 2, width, height };
}
