import { useState } from 'react';
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
        title: 'Link revoked',
        description: `“${shareName(toRevoke)}” no longer opens the dashboard.`,
      });
      setToRevoke(null);
    } catch (error) {
      toast({
        title: 'Could not revoke',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Share2 aria-hidden="true" />
        Share
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Share this dashboard</DialogTitle>
            <DialogDescription>
              Anyone with a link sees this card’s figures: totals, charts and breakdowns, never who visited.
              Revoke a link to close it at once.
            </DialogDescription>
          </DialogHeader>
          <NewShareForm profileId={profileId} disabled={list.length >= LINKS_PER_CARD} />
          <section aria-labelledby="share-links-title" className="min-w-0 space-y-2">
            <h3 id="share-links-title" className="flex items-baseline justify-between text-sm font-semibold">
              Links
              {shares.isSuccess ? (
                <span className="text-xs font-normal text-muted-foreground">
                  {list.length} of {LINKS_PER_CARD}
                </span>
              ) : null}
            </h3>
            {shares.isPending ? (
              <Skeleton className="h-24 w-full" aria-label="Loading links" />
            ) : shares.isError ? (
              <ErrorAlert>{normalizeError(shares.error).message}</ErrorAlert>
            ) : list.length === 0 ? (
              <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
                No links yet. Create one above to share this dashboard.
              </p>
            ) : (
              <ul
                aria-label="Shared links"
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
        title="Revoke this link?"
        description={`Whoever has “${toRevoke ? shareName(toRevoke) : ''}” can no longer open the dashboard. This cannot be undone.`}
        pending={revoke.isPending}
        onConfirm={() => void onRevoke()}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
      />
    </>
  );
}
