import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';
import type { EngagementEventType } from '@cardcraft/contracts/analytics.dto';
import type { PublicProfileResponse } from '@cardcraft/contracts/responses';
import { toast } from '@/components/ui/use-toast';
import { downloadVCard, shareProfile, shareTitle } from '../lib/card-actions';

export type TrackFn = (type: EngagementEventType, target?: string | null) => void;

export interface CardActions {
  /** the card's public address: Share's link when no script runs */
  profileUrl: string;
  /** the contact file made on the server; null where there is none (the demo builds it on the device) */
  contactFileUrl: string | null;
  saveContact: () => void;
  share: () => Promise<void>;
  /** the Email and Call buttons: the device opens its mail or phone app */
  contactInitiated: (kind: 'email' | 'call') => void;
  /** a contact row: counted, no toast */
  contactRowClicked: (kind: 'email' | 'call') => void;
  linkClicked: (href: string) => void;
}

/** what the card's buttons do: local actions with their toasts, and the engagement events */
export function useCardActions(
  profile: PublicProfileResponse,
  profileUrl: string,
  track: TrackFn,
  contactFileUrl: string | null = null,
): CardActions {
  const { t } = useTranslation('card');
  return useMemo<CardActions>(
    () => ({
      profileUrl,
      contactFileUrl,
      saveContact: () => {
        downloadVCard(profile, profileUrl);
        toast({
          title: t('toasts.vcardTitle'),
          description: t('toasts.vcardText'),
          variant: 'success',
        });
        track('vcard_saved');
      },
      share: async () => {
        const outcome = await shareProfile(shareTitle(profile.displayName, t), profileUrl);
        if (outcome === 'copied') {
          toast({
            title: t('toasts.copiedTitle'),
            description: t('toasts.copiedText'),
            variant: 'success',
          });
        } else if (outcome === 'failed') {
          toast({ title: t('toasts.copyFailedTitle'), description: profileUrl, variant: 'destructive' });
        }
        if (outcome === 'shared' || outcome === 'copied') track('shared');
      },
      contactInitiated: (kind) => {
        toast({ title: t('toasts.contactTitle'), description: t('toasts.contactText') });
        track(kind === 'email' ? 'email_clicked' : 'call_clicked');
      },
      contactRowClicked: (kind) => track(kind === 'email' ? 'email_clicked' : 'call_clicked'),
      linkClicked: (href) => track('link_clicked', href),
    }),
    [profile, profileUrl, track, contactFileUrl, t],
  );
}
