import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Share2 } from 'lucide-react';
import type { AnalyticsShareResponse } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useAnalyticsShares, useRevokeAnalyticsShare } from '../api/analytics-shares';
import { NewShareForm } from './new-share-form';
import { ShareLinkRow, shareName } from './share-link-row';

/** the server's cap on a card's links: the form stops offering more at it */
const LINKS_PER_CARD = 20;

/**
 * "Share": read-only links to this card's analytics, like a shared dashboard. whoever opens one sees
 * the figures (totals, charts, breakdowns), never who visited; the owner copies, protects and revokes
 * them here.
 */
export function ShareDashboardButton({ profileId }: { profileId: string }) {
  const { t } = useTranslation('analytics');
  const [open, setOpen] = useState(false);
  const shares = useAnalyticsShares(profileId, open);
  const revoke = useRevokeAnalyticsShare(profileId);
  const [toRevoke, setToRevoke] = useState<AnalyticsShareResponse | null>(null);
  const list = shares.data ?? [];

  const onRevoke = async () => {
    if (!toRevoke) return;
    try {
      await revoke.mutateAsync(toRevoke.id);
      toast({
        title: t('share.revoked'),
        description: t('share.revokedText', { name: shareName(toRevoke, t) }),
      });
      setToRevoke(null);
    } catch (error) {
      toast({
        title: t('share.revokeFailed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Share2 aria-hidden="true" />
        {t('share.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{t('share.title')}</DialogTitle>
            <DialogDescription>{t('share.description')}</DialogDescription>
          </DialogHeader>
          <NewShareForm profileId={profileId} disabled={list.length >= LINKS_PER_CARD} />
          <section aria-labelledby="share-links-title" className="min-w-0 space-y-2">
            <h3 id="share-links-title" className="flex items-baseline justify-between text-sm font-semibold">
              {t('share.links')}
              {shares.isSuccess ? (
                <span className="text-xs font-normal text-muted-foreground">
                  {t('share.used', { used: list.length, max: LINKS_PER_CARD })}
                </span>
              ) : null}
            </h3>
            {shares.isPending ? (
              <Skeleton className="h-24 w-full" aria-label={t('share.loading')} />
            ) : shares.isError ? (
              <ErrorAlert>{normalizeError(shares.error).message}</ErrorAlert>
            ) : list.length === 0 ? (
              <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
                {t('share.none')}
              </p>
            ) : (
              <ul
                aria-label={t('share.list')}
                className="divide-y divide-border rounded-xl border border-border"
              >
                {list.map((share) => (
                  <ShareLinkRow key={share.id} share={share} onRevoke={() => setToRevoke(share)} />
                ))}
              </ul>
            )}
          </section>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(next) => {
          if (!next) setToRevoke(null);
        }}
        title={t('share.confirmTitle')}
        description={t('share.confirmText', { name: toRevoke ? shareName(toRevoke, t) : '' })}
        pending={revoke.isPending}
        onConfirm={() => void onRevoke()}
        confirmLabel={t('share.revoke')}
        pendingLabel={t('share.revoking')}
      />
    </>
  );
}
