import { useEffect, useState } from 'react';
import { normalizeError } from '@/lib/api-client';
import { designProfileQr, type QrDesign } from './get-profile-qr';

/** how long the preview waits after a change before it is drawn again */
export const PREVIEW_DELAY_MS = 250;

/**
 * the live preview: the server's SVG of the current design, drawn again shortly after each change.
 * it starts from the code the dialog opened with, and keeps the last one drawn while the design cannot be.
 */
export function useQrPreview(profileId: string, design: QrDesign, drawable: boolean, initial: string) {
  const [preview, setPreview] = useState<string>(initial);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    if (!drawable) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const timer = setTimeout(() => {
      setUpdating(true);
      designProfileQr(profileId, { ...design, format: 'svg' }, controller.signal)
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
  }, [profileId, design, drawable]);

  return { preview, previewError, updating };
}
