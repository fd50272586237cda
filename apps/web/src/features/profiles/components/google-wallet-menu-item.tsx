import { useTranslation } from 'react-i18next';
import { WalletCards } from 'lucide-react';
import type { ProfileResponse } from '@cardcraft/contracts';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useGoogleWalletLink } from '../api/google-wallet';

/** the card menu's "Save to Google Wallet": Google's save page in a new tab, the pass signed by the server */
export function GoogleWalletMenuItem({ profile }: { profile: Pick<ProfileResponse, 'id' | 'updatedAtUtc'> }) {
  const { t } = useTranslation('profiles');
  const link = useGoogleWalletLink(profile.id, profile.updatedAtUtc);
  if (link.data) {
    return (
      <DropdownMenuItem asChild>
        <a href={link.data.url} target="_blank" rel="noopener noreferrer">
          <WalletCards aria-hidden="true" />
          {t('card.googleWallet')}
          <span className="sr-only"> {t('card.newTab')}</span>
        </a>
      </DropdownMenuItem>
    );
  }
  return (
    <DropdownMenuItem disabled>
      <WalletCards aria-hidden="true" />
      {link.isError ? t('card.googleWalletUnavailable') : t('card.googleWalletPreparing')}
    </DropdownMenuItem>
  );
}
