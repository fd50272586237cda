import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** the card as an Apple Wallet pass (.pkpass) */
export function downloadWalletPass(id: string): Promise<Blob> {
  return api.get<Blob>(`/api/profiles/${encodeURIComponent(id)}/wallet-pass`, { responseType: 'blob' });
}

export function useWalletPass() {
  return useMutation({ mutationFn: (id: string) => downloadWalletPass(id) });
}
