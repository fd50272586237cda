import { WalletCards } from 'lucide-react';
import type { ProfileResponse } from '@cardcraft/contracts';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useGoogleWalletLink } from '../api/google-wallet';

/** the card menu's "Save to Google Wallet": Google's save page in a new tab, the pass signed by the server */
export function GoogleWalletMenuItem({ profile }: { profile: Pick<ProfileResponse, 'id' | 'updatedAtUtc'> }) {
  const link = useGoogleWalletLink(profile.id, profile.updatedAtUtc);
  if (link.data) {
    return (
      <DropdownMenuItem asChild>
        <a href={link.data.url} target="_blank" rel="noopener noreferrer">
          <WalletCards aria-hidden="true" />
          Save to Google Wallet
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </DropdownMenuItem>
    );
  }
  return (
    <DropdownMenuItem disabled>
      <WalletCards aria-hidden="true" />
      {link.isError ? 'Google Wallet unavailable' : 'Preparing Google Wallet...'}
    </DropdownMenuItem>
  );
}
