import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileResponse, QrResponse, TeamBrandResponse, TeamCardResponse } from '@cardcraft/contracts';
import { getProfileQr } from '@/components/card-tools/get-profile-qr';
import { QrDialog } from '@/components/card-tools/qr-dialog';
import { SignatureDialog } from '@/components/card-tools/signature-dialog';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useClientConfig } from '@/lib/client-config';
import { getTeamCard } from '../api/cards';

export type CardTool = 'qr' | 'signature';

/** what the toast says when a tool could not open: its key in the teams catalogue */
const FAILED: Record<CardTool, string> = {
  qr: 'cards.qrFailed',
  signature: 'cards.signatureFailed',
};

/**
 * a team card's QR code and e-mail signature, in the team's brand: the dialogs of the card list,
 * reached through the card's own routes, which answer a team's admins for every team card
 */
export function useTeamCardTools(brand: TeamBrandResponse | null): {
  open: (tool: CardTool, card: TeamCardResponse, opener: HTMLElement | null) => Promise<void>;
  /** the card whose tool is on its way */
  pendingId: string | null;
  dialogs: ReactNode;
} {
  const { t } = useTranslation('teams');
  const clientConfig = useClientConfig();
  const [qrFor, setQrFor] = useState<{ profile: ProfileResponse; qr: QrResponse } | null>(null);
  const [signatureFor, setSignatureFor] = useState<ProfileResponse | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  const open = async (tool: CardTool, card: TeamCardResponse, trigger: HTMLElement | null) => {
    setOpener(trigger);
    setPendingId(card.profileId);
    try {
      if (tool === 'qr') {
        const [profile, qr] = await Promise.all([getTeamCard(card.profileId), getProfileQr(card.profileId)]);
        setQrFor({ profile, qr });
      } else {
        setSignatureFor(await getTeamCard(card.profileId));
      }
    } catch (error) {
      toast({ title: t(FAILED[tool]), description: normalizeError(error).message, variant: 'destructive' });
    } finally {
      setPendingId(null);
    }
  };

  const dialogs = (
    <>
      <QrDialog
        profile={qrFor?.profile ?? null}
        qr={qrFor?.qr ?? null}
        brand={brand}
        onOpenChange={(next) => {
          if (!next) setQrFor(null);
        }}
        returnFocusTo={opener}
      />
      <SignatureDialog
        profile={signatureFor}
        brand={brand}
        publicBaseUrl={clientConfig.data?.publicBaseUrl ?? window.location.origin}
        onOpenChange={(next) => {
          if (!next) setSignatureFor(null);
        }}
        returnFocusTo={opener}
      />
    </>
  );

  return { open, pendingId, dialogs };
}
