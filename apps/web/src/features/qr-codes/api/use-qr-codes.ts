import { useEffect, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { QrResponse } from '@cardcraft/contracts';
import { profileQrQueryOptions } from '@/components/card-tools/get-profile-qr';
import { useClientConfig } from '@/lib/client-config';
import {
  offlineQrCodes,
  publicCardUrl,
  type OfflineQrCode,
  type OfflineQrCodeStore,
} from '@/lib/offline-qr-codes';
import { useProfiles } from '@/lib/profiles';
import { useSession } from '@/lib/session';
import { useOnline } from '@/lib/use-online';

/** what 'My QR codes' shows */
export type QrCodesView =
  | { kind: 'loading' }
  /** loaded from the server just now (and saved on the device) */
  | { kind: 'live'; cards: OfflineQrCode[] }
  /** the copy saved on the device: offline, or the server could not be reached */
  | { kind: 'saved'; cards: OfflineQrCode[]; savedAt: string; offline: boolean }
  /** offline, and nothing saved on this device for this account */
  | { kind: 'nothing-saved' }
  | { kind: 'error' };

/**
 * the owner's published cards with their codes: from the server when it answers, saved on the device
 * each time (public fields only); the saved copy when the browser is offline or the server fails
 */
export function useQrCodes(store: OfflineQrCodeStore = offlineQrCodes): QrCodesView {
  const { session } = useSession();
  const userId = session?.userId ?? null;
  const online = useOnline();
  const profiles = useProfiles();
  const config = useClientConfig();
  const published = useMemo(() => (profiles.data ?? []).filter((p) => p.published), [profiles.data]);
  // the code the dashboard's QR dialog starts from: the same request, the same cache entry
  const codes = useQueries({
    queries: published.map((profile) => profileQrQueryOptions(profile.id)),
    combine: (results) => ({
      data: results.every((r) => r.isSuccess) ? results.map((r) => r.data as QrResponse) : null,
      failed: results.some((r) => r.isError),
    }),
  });

  const publicBaseUrl = config.data?.publicBaseUrl ?? null;
  const fresh = useMemo<OfflineQrCode[] | null>(() => {
    if (!profiles.isSuccess || publicBaseUrl === null || codes.data === null) return null;
    return published.map((profile, index) => ({
      id: profile.id,
      displayName: profile.displayName,
      handle: profile.handle,
      link: publicCardUrl(publicBaseUrl, profile.handle),
      qrCode: codes.data![index]!.qrCode,
    }));
  }, [profiles.isSuccess, publicBaseUrl, codes.data, published]);

  // read as the screen opens: once the server has answered, its answer stays on screen (React Query
  // keeps it through later failures), so the saved copy is only for a screen that has none
  const [saved] = useState(() => (userId ? store.read(userId) : null));
  const freshKey = fresh ? JSON.stringify(fresh) : null;
  useEffect(() => {
    if (fresh && userId) store.save(userId, fresh);
    // saved again only when what the server answered changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [freshKey, userId, store]);

  if (fresh) return { kind: 'live', cards: fresh };
  const failed = profiles.isError || config.isError || codes.failed;
  if (!online || failed) {
    if (saved) return { kind: 'saved', cards: saved.cards, savedAt: saved.savedAt, offline: !online };
    return online ? { kind: 'error' } : { kind: 'nothing-saved' };
  }
  return { kind: 'loading' };
}
