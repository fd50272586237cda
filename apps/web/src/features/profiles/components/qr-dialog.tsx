import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { AlertTriangle, Download, ExternalLink, RotateCcw, Upload } from 'lucide-react';
import {
  normalizeTheme,
  QR_LOGO_MAX_BYTES,
  QR_PRINT_WIDTHS,
  qrContrast,
  QrDesignMessages,
  THEME_QR_COLORS,
  type ProfileResponse,
  type QrLogo,
  type QrPrintWidth,
  type QrResponse,
} from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  returnFocus,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { normalizeError, saveBlob } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { designProfileQr, type QrDesign } from '../api/get-profile-qr';

export interface QrDialogProps {
  profile: ProfileResponse | null;
  qr: QrResponse | null;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: HTMLElement | null;
}

/** how long the preview waits after a change before it is drawn again */
const PREVIEW_DELAY_MS = 250;
const HEX = /^#[0-9a-f]{6}$/i;

function initialDesign(profile: ProfileResponse): QrDesign {
  return {
    format: 'svg',
    width: 1024,
    ...THEME_QR_COLORS[normalizeTheme(profile.theme)],
    logo: 'none',
    logoDataUrl: null,
  };
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** a row of choices that reads as one control: radio buttons drawn as a segmented bar */
function Segmented<T extends string | number>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: ReactNode; disabled?: boolean }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex rounded-lg border border-input bg-muted p-0.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex min-h-9 flex-1 cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm text-muted-foreground transition-colors has-focus-visible:outline-2 has-focus-visible:outline-ring',
              value === option.value && 'bg-surface font-medium text-foreground shadow-xs',
              option.disabled && 'cursor-not-allowed opacity-50',
            )}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              value={String(option.value)}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  // what is being typed, until the field is left; otherwise the colour itself
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? value;
  return (
    <div className="min-w-0">
      <label htmlFor={`${id}-text`} className="mb-2 block text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label}: pick a colour`}
          value={value}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
          className="h-10 w-11 shrink-0 cursor-pointer rounded-lg border border-input bg-surface p-1"
        />
        <input
          id={`${id}-text`}
          value={text}
          spellCheck={false}
          maxLength={7}
          aria-invalid={!HEX.test(text) || undefined}
          onChange={(event) => {
            const next = event.target.value.trim();
            setDraft(next);
            if (HEX.test(next)) onChange(next.toLowerCase());
          }}
          onBlur={() => setDraft(null)}
          className="h-10 w-full min-w-0 rounded-lg border border-input bg-surface px-3 font-mono text-sm uppercase shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive"
        />
      </div>
    </div>
  );
}

export function QrDialog({ profile, qr, onOpenChange, returnFocusTo }: QrDialogProps) {
  return (
    <Dialog open={Boolean(profile && qr)} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>Profile QR Code</DialogTitle>
          <DialogDescription>Share this QR code to let others quickly access your profile.</DialogDescription>
        </DialogHeader>
        {profile && qr ? <QrDesigner key={profile.id} profile={profile} qr={qr} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function QrDesigner({ profile, qr }: { profile: ProfileResponse; qr: QrResponse }) {
  const [design, setDesign] = useState<QrDesign>(() => initialDesign(profile));
  const [logoName, setLogoName] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string>(qr.qrCode);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [updating, setUpdating] = useState(false);
  const [downloading, setDownloading] = useState<'png' | 'svg' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const contrast = qrContrast(design.foreground, design.background);
  const logoReady = design.logo !== 'upload' || design.logoDataUrl !== null;
  const drawable = contrast.status !== 'refused' && logoReady;
  const themeColors = THEME_QR_COLORS[normalizeTheme(profile.theme)];
  const isThemeColors =
    design.foreground === themeColors.foreground && design.background === themeColors.background;

  // the live preview: the server's SVG of the current design, drawn again shortly after each change
  useEffect(() => {
    if (!drawable) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const timer = setTimeout(() => {
      setUpdating(true);
      designProfileQr(profile.id, { ...design, format: 'svg' }, controller.signal)
        .then((blob) => {
          objectUrl = URL.createObjectURL(blob);
          setPreview(objectUrl);
          setPreviewError(null);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setPreviewError(normalizeError(error).message);
        })
        .finally(() => {
          if (!controller.signal.aborted) setUpdating(false);
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
      if (objectUrl) {
        const stale = objectUrl;
        // the next preview replaces it first
        setTimeout(() => URL.revokeObjectURL(stale), 1000);
      }
    };
  }, [profile.id, design, drawable]);

  const update = (change: Partial<QrDesign>) => setDesign((current) => ({ ...current, ...change }));

  const onLogoFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type)) {
      setLogoError(QrDesignMessages.logoType);
      return;
    }
    if (file.size > QR_LOGO_MAX_BYTES) {
      setLogoError(QrDesignMessages.logoTooLarge);
      return;
    }
    setLogoError(null);
    setLogoName(file.name);
    update({ logo: 'upload', logoDataUrl: await readAsDataUrl(file) });
  };

  const chooseLogo = (logo: QrLogo) => {
    setLogoError(null);
    if (logo === 'upload' && !design.logoDataUrl) {
      fileInput.current?.click();
      return;
    }
    update({ logo });
  };

  const onDownload = async (format: 'png' | 'svg') => {
    setDownloading(format);
    try {
      const blob = await designProfileQr(profile.id, { ...design, format });
      saveBlob(
        blob,
        format === 'png' ? `qr-${profile.handle}-${design.width}.png` : `qr-${profile.handle}.svg`,
      );
      toast({ title: 'QR Code downloaded', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to download QR code',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
      <div className="flex min-w-0 flex-col items-center gap-3">
        <div
          className="relative w-full max-w-72 rounded-xl border border-border p-3 shadow-xs"
          style={{ backgroundColor: design.background }}
        >
          <img
            src={preview}
            alt={`QR code for ${profile.displayName}`}
            // the last code drawn, faded while a new one is drawn, and faint while the colours are refused
            className={cn(
              'aspect-square w-full transition-opacity',
              updating && 'opacity-60',
              !drawable && 'opacity-20',
            )}
            data-testid="qr-preview"
          />
          {updating ? (
            <span className="absolute inset-0 grid place-items-center">
              <Spinner className="size-6" label="Updating the preview" />
            </span>
          ) : null}
        </div>
        <a
          href={qr.profileUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex max-w-full items-center gap-1 truncate text-sm text-primary hover:underline"
        >
          <span className="truncate">{qr.profileUrl}</span>
          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
        </a>
        {previewError ? (
          <p role="alert" className="text-center text-sm text-destructive">
            {previewError}
          </p>
        ) : null}
      </div>

      <div className="flex min-w-0 flex-col gap-5">
        <div>
          <div className="grid grid-cols-2 gap-3">
            <ColorField
              label="Code colour"
              value={design.foreground}
              onChange={(foreground) => update({ foreground })}
            />
            <ColorField
              label="Background"
              value={design.background}
              onChange={(background) => update({ background })}
            />
          </div>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">Contrast {contrast.ratio.toFixed(1)}:1</p>
            {!isThemeColors ? (
              <Button variant="ghost" size="sm" onClick={() => update(themeColors)}>
                <RotateCcw aria-hidden="true" />
                Theme colours
              </Button>
            ) : null}
          </div>
          {contrast.status !== 'ok' ? (
            <p
              role={contrast.status === 'refused' ? 'alert' : 'status'}
              className={cn(
                'mt-2 flex items-start gap-2 rounded-lg px-3 py-2 text-sm',
                contrast.status === 'refused' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900',
              )}
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {contrast.message}
            </p>
          ) : null}
        </div>

        <div>
          <Segmented<QrLogo>
            legend="Logo in the centre"
            name={`qr-logo-${profile.id}`}
            value={design.logo}
            onChange={chooseLogo}
            options={[
              { value: 'none', label: 'None' },
              { value: 'avatar', label: 'Avatar', disabled: !profile.media.avatarUrl },
              { value: 'upload', label: 'Image' },
            ]}
          />
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-label="Logo image"
            onChange={(event) => void onLogoFile(event)}
          />
          {design.logo === 'upload' ? (
            <div className="mt-2 flex min-w-0 items-center gap-2 text-sm">
              <span className="truncate text-muted-foreground">{logoName}</span>
              <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                <Upload aria-hidden="true" />
                Change image
              </Button>
            </div>
          ) : null}
          {logoError ? (
            <p role="alert" className="mt-2 text-sm text-destructive">
              {logoError}
            </p>
          ) : (
            <p className="mt-2 text-xs text-muted-foreground">
              With a logo the code carries more error correction, so it still scans.
            </p>
          )}
        </div>

        <Segmented<QrPrintWidth>
          legend="PNG size"
          name={`qr-width-${profile.id}`}
          value={design.width}
          onChange={(width) => update({ width })}
          options={QR_PRINT_WIDTHS.map((width) => ({ value: width, label: `${width} px` }))}
        />

        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            className="flex-1"
            onClick={() => void onDownload('png')}
            disabled={!drawable || downloading !== null}
          >
            <Download aria-hidden="true" />
            {downloading === 'png' ? 'Downloading...' : 'Download QR Code'}
          </Button>
          <Button
            variant="outline"
            className="flex-1"
            onClick={() => void onDownload('svg')}
            disabled={!drawable || downloading !== null}
          >
            <Download aria-hidden="true" />
            {downloading === 'svg' ? 'Downloading...' : 'Download SVG'}
          </Button>
        </div>
      </div>
    </div>
  );
}
