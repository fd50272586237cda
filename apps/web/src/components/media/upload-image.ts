import type { MediaKind, MediaUploadResponse } from '@cardcraft/contracts/media';
import { apiRequest } from '@/lib/api-client';

/** sends a cropped image; the server makes its final size and answers its address */
export function uploadImage(kind: MediaKind, image: Blob): Promise<MediaUploadResponse> {
  return apiRequest<MediaUploadResponse>(`/api/media/${kind}`, {
    method: 'POST',
    rawBody: image,
    timeoutMs: 60_000,
  });
}
