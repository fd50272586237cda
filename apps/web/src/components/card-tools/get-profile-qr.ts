import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  QR_SIZE,
  type QrDesignFormat,
  type QrLogo,
  type QrPrintWidth,
  type QrResponse,
} from '@cardcraft/contracts';
import { api } from '@/lib/api-client';

/** the QR code as a data URL with the public address it points to; preview size 8 */
export function getProfileQr(id: string, size: number = QR_SIZE.preview, signal?: AbortSignal) {
  return api.get<QrResponse>(`/api/profiles/${encodeURIComponent(id)}/qr`, {
    query: { size, format: 'dataurl' },
    signal,
  });
}

export const profileQrQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['profile-qr', id, QR_SIZE.preview] as const,
    queryFn: ({ signal }) => getProfileQr(id, QR_SIZE.preview, signal),
  });

/** generating is an explicit action of the card menu ('Generating...'), so it is a mutation */
export function useProfileQr() {
  return useMutation({ mutationFn: (id: string) => getProfileQr(id) });
}

export interface QrDesign {
  format: QrDesignFormat;
  width: QrPrintWidth;
  foreground: string;
  background: string;
  logo: QrLogo;
  logoDataUrl: string | null;
}

/** the designed code (colours, logo) as an SVG for the preview and download, or a PNG at a print size */
export function designProfileQr(id: string, design: QrDesign, signal?: AbortSignal): Promise<Blob> {
  return api.post<Blob>(`/api/profiles/${encodeURIComponent(id)}/qr`, design, {
    responseType: 'blob',
    signal,
  });
}
