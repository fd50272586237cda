import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { MEDIA_KINDS, NOT_AN_IMAGE, type MediaKind } from '@cardcraft/contracts/media';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { normalizeError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { uploadImage } from './upload-image';
import type { CropView, Size } from './crop-geometry';
import { cropToBlob, ImageCropper } from './image-cropper';

export interface ImageFieldProps {
  kind: MediaKind;
  label: string;
  value: string;
  onChange: (url: string) => void;
  onBlur: () => void;
  error?: string;
  /** a team's logo: uploaded square like an avatar, but framed whole rather than in a circle */
  logo?: boolean;
}

/** the props of an input for a web address */
const URL_INPUT = { type: 'url', inputMode: 'url', placeholder: 'https://' } as const;

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(NOT_AN_IMAGE));
    image.src = URL.createObjectURL(file);
  });
}

/**
 * an avatar or banner: an image from the device (the file picker, the phone's photos or camera, or
 * dropped here), cropped to its shape and uploaded; or the address of an image on the web, pasted
 */
export function ImageField({ kind, label, value, onChange, onBlur, error, logo = false }: ImageFieldProps) {
  const { t } = useTranslation('editor');
  // the refusal of a file that is no image, the field's or the server's, in the editor's language
  const say = (message: string) => (message === NOT_AN_IMAGE ? t('media.notAnImage') : message);
  const size = MEDIA_KINDS[kind];
  const aspect = size.width / size.height;
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const crop = useRef<{ view: CropView; frame: Size } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const problemId = useId();

  // the chosen file's object address is let go when the cropper closes
  useEffect(() => {
    if (!image) return;
    return () => URL.revokeObjectURL(image.src);
  }, [image]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (!file.type.startsWith('image/')) {
      setProblem(say(NOT_AN_IMAGE));
      return;
    }
    try {
      setImage(await loadImage(file));
    } catch {
      setProblem(say(NOT_AN_IMAGE));
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    void choose(event.target.files?.[0]);
    // the same file chosen again opens the cropper again
    event.target.value = '';
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  const onCropChange = useCallback((view: CropView, frame: Size) => {
    crop.current = { view, frame };
  }, []);

  const upload = async () => {
    if (!image || !crop.current) return;
    setUploading(true);
    setProblem(null);
    try {
      const blob = await cropToBlob(image, crop.current.view, crop.current.frame, size);
      const uploaded = await uploadImage(kind, blob);
      onChange(uploaded.url);
      setImage(null);
    } catch (failure) {
      setProblem(say(normalizeError(failure).message));
      setImage(null);
    } finally {
      setUploading(false);
    }
  };

  const shown = /^https?:\/\/\S+\.\S+/i.test(value) ? value : null;
  const title = logo
    ? t('media.cropLogo')
    : kind === 'avatar'
      ? t('media.cropAvatar')
      : t('media.cropBanner');
  const round = kind === 'avatar' && !logo;

  return (
    <div className="space-y-2">
      <TextField
        label={label}
        {...URL_INPUT}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        error={error}
      />
      <div
        role="group"
        aria-label={t('media.group', { label })}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={`${kind}-dropzone`}
        className={cn(
          'rounded-xl border border-dashed border-input p-3 transition-colors',
          kind === 'avatar' ? 'flex items-center gap-3' : 'space-y-3',
          dragging && 'border-primary bg-primary/5',
        )}
      >
        <div
          className={cn(
            'flex shrink-0 items-center justify-center overflow-hidden bg-muted text-muted-foreground',
            kind === 'avatar' ? 'size-14' : 'aspect-[3/1] w-full rounded-lg',
            kind === 'avatar' && (round ? 'rounded-full' : 'rounded-lg bg-white ring-1 ring-border'),
          )}
        >
          {shown ? (
            <img
              src={shown}
              alt=""
              className={cn('size-full', round || kind === 'banner' ? 'object-cover' : 'object-contain')}
            />
          ) : (
            <ImagePlus className="size-5" aria-hidden="true" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Button
              ref={uploadButton}
              type="button"
              variant="outline"
              size="sm"
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
              aria-describedby={problem ? problemId : undefined}
            >
              {uploading ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {uploading ? t('media.uploading') : t('media.upload')}
            </Button>
            {value ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
                <Trash2 aria-hidden="true" />
                {t('media.remove')}
              </Button>
            ) : null}
          </div>
          {/* a phone has no files to drag */}
          <p className="text-xs text-muted-foreground pointer-coarse:hidden">{t('media.drop')}</p>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFile}
          data-testid={`${kind}-file`}
        />
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="text-xs font-medium text-destructive">
          {problem}
        </p>
      ) : null}

      <Dialog
        open={image !== null}
        onOpenChange={(open) => (!open && !uploading ? setImage(null) : undefined)}
      >
        <DialogContent
          className="max-w-lg"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            uploadButton.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              {logo ? t('media.logoText') : kind === 'avatar' ? t('media.avatarText') : t('media.bannerText')}
            </DialogDescription>
          </DialogHeader>
          {image ? (
            <ImageCropper image={image} aspect={aspect} round={round} onChange={onCropChange} label={title} />
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setImage(null)} disabled={uploading}>
              {t('media.cancel')}
            </Button>
            <Button type="button" onClick={() => void upload()} disabled={uploading}>
              {uploading ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {uploading ? t('media.uploading') : t('media.use')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
