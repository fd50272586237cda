import type { QueryClient } from '@tanstack/react-query';
import { offlineQrCodes, type OfflineQrCodeStore } from './offline-qr-codes';

/**
 * what the app forgets when a session ends (sign-out, expiry, a 401): every cached answer, and the QR
 * codes kept on the device for offline
 */
export function clearSignedInData(
  queryClient: QueryClient,
  saved: OfflineQrCodeStore = offlineQrCodes,
): void {
  queryClient.clear();
  saved.clear();
}
