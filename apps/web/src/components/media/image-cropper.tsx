import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ZoomIn, ZoomOut } from 'lucide-react';
import { useLanguage } from '@/i18n/use-language';
import { cn } from '@/lib/utils';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  imagePlacement,
  initialView,
  moveView,
  sourceRect,
  zoomView,
  type CropView,
  type Size,
} from './crop-geometry';

export interface ImageCropperProps {
  /** a loaded image (an object URL of the chosen file) */
  image: HTMLImageElement;
  /** width / height of the result: 1 for an avatar, 3 for a banner */
  aspect: number;
  /** a round mask over the frame (the avatar is shown round) */
  round?: boolean;
  /** the view changes as it is moved or zoomed; the parent draws the result from the last one */
  onChange: (view: CropView, frame: Size) => void;
  label: string;
}

const KEY_STEP = 12;
const ZOOM_STEP = 0.1;

/**
 * the chosen image in a frame of the result's shape: dragged with a finger or the mouse, zoomed with
 * the slider, the wheel or a pinch of the trackpad, and from the keyboard with the arrow keys (Shift
 * for bigger steps) and + and −
 */
export function ImageCropper({ image, aspect, round, onChange, label }: ImageCropperProps) {
  const { t } = useTranslation('editor');
  const language = useLanguage();
  const frameRef = useRef<HTMLDivElement>(null);
  const natural: Size = { width: image.naturalWidth, height: image.naturalHeight };
  const [frame, setFrame] = useState<Size>({ width: 0, height: 0 });
  const [view, setView] = useState<CropView>(() => initialView(natural));
  const drag = useRef<{ x: number; y: number; id: number } | null>(null);

  // the frame takes the dialog's width; its height follows the aspect
  useEffect(() => {
    const element = frameRef.current;
    if (!element) return;
    const measure = () => setFrame({ width: element.clientWidth, height: element.clientWidth / aspect });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [aspect]);

  const update = useCallback(
    (next: (current: CropView) => CropView) => {
      setView((current) => {
        const result = frame.width > 0 ? next(current) : current;
        return result;
      });
    },
    [frame.width],
  );

  useEffect(() => {
    if (frame.width > 0) onChange(view, frame);
  }, [view, frame, onChange]);

  const move = (dx: number, dy: number) => update((current) => moveView(current, dx, dy, natural, frame));
  const zoomTo = (zoom: number) => update((current) => zoomView(current, zoom, natural, frame));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.id !== event.pointerId) return;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    move(event.clientX - start.x, event.clientY - start.y);
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    if (moves[event.key]) {
      event.preventDefault();
      // an arrow moves the frame over the image, as a viewfinder: right shows more of the right side
      move(...moves[event.key]);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomTo(view.zoom + ZOOM_STEP);
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      zoomTo(view.zoom - ZOOM_STEP);
    }
  };

  // the wheel zooms; a listener of our own, since React's is passive and cannot keep the page still
  useEffect(() => {
    const element = frameRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const factor = Math.exp(-event.deltaY / 400);
      setView((current) => zoomView(current, current.zoom * factor, natural, frame));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  });

  const placement = frame.width > 0 ? imagePlacement(view, natural, frame) : null;
  // an id of React's: the label, in any language, may have no letter an id can use
  const hintId = useId();

  return (
    <div className="space-y-3">
      <div
        ref={frameRef}
        role="group"
        aria-roledescription={t('media.cropper')}
        aria-label={label}
        aria-describedby={hintId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        data-testid="image-cropper"
        className="relative w-full cursor-grab touch-none select-none overflow-hidden rounded-xl bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing"
        style={{ aspectRatio: String(aspect) }}
      >
        {placement ? (
          <img
            src={image.src}
            alt=""
            draggable={false}
            className="pointer-events-none absolute max-w-none"
            style={{
              left: placement.left,
              top: placement.top,
              width: placement.width,
              height: placement.height,
            }}
          />
        ) : null}
        {/* the part outside the result dimmed; the avatar's corners too, as it is shown round */}
        <div
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute inset-0 ring-2 ring-inset ring-white/80',
            round && 'rounded-full shadow-[0_0_0_9999px_rgba(15,23,42,0.55)]',
          )}
        />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('media.cropHint')}
      </p>
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={() => zoomTo(view.zoom - 0.25)}
          className="rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={t('media.zoomOut')}
        >
          <ZoomOut className="size-4" aria-hidden="true" />
        </button>
        <input
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={view.zoom}
          onChange={(event) => zoomTo(Number(event.target.value))}
          aria-label={t('media.zoom')}
          aria-valuetext={new Intl.NumberFormat(language, { style: 'percent' }).format(view.zoom)}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-primary"
        />
        <button
          type="button"
          onClick={() => zoomTo(view.zoom + 0.25)}
          className="rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={t('media.zoomIn')}
        >
          <ZoomIn className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

/** draws the view's part of the image at the result's size, as a JPEG (no EXIF: a canvas has none) */
export async function cropToBlob(
  image: HTMLImageElement,
  view: CropView,
  frame: Size,
  output: Size,
): Promise<Blob> {
  const natural = { width: image.naturalWidth, height: image.naturalHeight };
  const rect = sourceRect(view, natural, frame);
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  // a transparent png becomes a white ground, as a JPEG has no transparency
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, output.width, output.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, output.width, output.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/jpeg', 0.92),
  );
}
