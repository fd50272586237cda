import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

export interface QrPreviewProps {
  src: string;
  alt: string;
  background: string;
  updating: boolean;
  drawable: boolean;
  profileUrl: string;
  error: string | null;
}

/** the code as it will be downloaded, on its background, with the address it opens */
export function QrPreview({ src, alt, background, updating, drawable, profileUrl, error }: QrPreviewProps) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-w-0 flex-col items-center gap-3">
      <div
        className="relative w-full max-w-72 rounded-xl border border-border p-3 shadow-xs"
        style={{ backgroundColor: background }}
      >
        <img
          src={src}
          alt={alt}
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
            <Spinner className="size-6" label={t('cardTools.qr.updating')} />
          </span>
        ) : null}
      </div>
      <a
        href={profileUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex max-w-full items-center gap-1 truncate text-sm text-primary hover:underline"
      >
        <span className="truncate">{profileUrl}</span>
        <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      </a>
      {error ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
