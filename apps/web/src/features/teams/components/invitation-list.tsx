import { useState } from 'react';
import { MailCheck, RotateCw, X } from 'lucide-react';
import type { TeamInvitationResponse } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { ROLE_LABELS } from '@/lib/teams';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api/invitations';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const day = (iso: string) => dateFormat.format(new Date(iso));

/** the invitations not yet taken up: expired ones stay until resent or revoked */
export function InvitationList({ teamId }: { teamId: string }) {
  const invitations = useInvitations(teamId);
  const resend = useResendInvitation(teamId);
  const revoke = useRevokeInvitation(teamId);
  const [toRevoke, setToRevoke] = useState<TeamInvitationResponse | null>(null);
  const list = invitations.data ?? [];

  const onResend = async (invitation: TeamInvitationResponse) => {
    try {
      const sent = await resend.mutateAsync(invitation.id);
      toast({
        title: 'Invitation sent again',
        description: `${sent.email} has a new link, good until ${day(sent.expiresAtUtc)}.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Could not resend',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  const onRevoke = async () => {
    if (!toRevoke) return;
    try {
      await revoke.mutateAsync(toRevoke.id);
      toast({
        title: 'Invitation revoked',
        description: `The link sent to ${toRevoke.email} no longer works.`,
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

  if (invitations.isPending) return <Skeleton className="h-32 rounded-(--radius-card)" />;
  if (invitations.isError) return <ErrorAlert>{normalizeError(invitations.error).message}</ErrorAlert>;
  if (list.length === 0) {
    return (
      <EmptyState
        icon={MailCheck}
        title="No open invitations"
        description="Everyone invited has joined. New invitations show here until they are taken up."
        className="py-10"
      />
    );
  }

  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-border" aria-label="Open invitations">
        {list.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-5"
            data-testid="invitation"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="truncate font-medium">{invitation.email}</span>
                <Badge variant="secondary">{ROLE_LABELS[invitation.role]}</Badge>
                {invitation.expired ? <Badge variant="warning">Expired</Badge> : null}
              </p>
              <p className="mt-0.5 text-xs text-muted-foreground">
                {invitation.name ? `${invitation.name} · ` : ''}
                Invited by {invitation.invitedByName} on {day(invitation.createdAtUtc)} ·{' '}
                {invitation.expired ? 'expired' : 'expires'} {day(invitation.expiresAtUtc)}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={resend.isPending}
                onClick={() => void onResend(invitation)}
                aria-label={`Resend the invitation to ${invitation.email}`}
              >
                <RotateCw aria-hidden="true" />
                Resend
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:bg-destructive-soft"
                onClick={() => setToRevoke(invitation)}
                aria-label={`Revoke the invitation to ${invitation.email}`}
              >
                <X aria-hidden="true" />
                Revoke
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => {
          if (!open) setToRevoke(null);
        }}
        title="Revoke this invitation?"
        description={`The link sent to ${toRevoke?.email ?? ''} will stop working. You can invite them again later.`}
        pending={revoke.isPending}
        onConfirm={() => void onRevoke()}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
      />
    </Card>
  );
}
