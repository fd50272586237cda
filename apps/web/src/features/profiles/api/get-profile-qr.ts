import { queryOptions, useMutation } from '@tanstack/react-query';
import { QR_SIZE, type QrResponse } from '@cardcraft/contracts';
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

/** the PNG at download size 20 */
export function downloadProfileQr(id: string): Promise<Blob> {
  return api.get<Blob>(`/api/profiles/${encodeURIComponent(id)}/qr`, {
    query: { size: QR_SIZE.download, format: 'png' },
    responseType: 'blob',
  });
}

export function useDownloadProfileQr() {
  return useMutation({ mutationFn: (id: string) => downloadProfileQr(id) });
}
