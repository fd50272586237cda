import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailCheck, RotateCw, X } from 'lucide-react';
import type { TeamInvitationResponse } from '@cardcraft/contracts';
import { useLanguage } from '@/i18n/use-language';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api/invitations';

/** the invitations not yet taken up: expired ones stay until resent or revoked */
export function InvitationList({ teamId }: { teamId: string }) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const day = (iso: string) => dateFormat.format(new Date(iso));
  const invitations = useInvitations(teamId);
  const resend = useResendInvitation(teamId);
  const revoke = useRevokeInvitation(teamId);
  const [toRevoke, setToRevoke] = useState<TeamInvitationResponse | null>(null);
  const list = invitations.data ?? [];

  const onResend = async (invitation: TeamInvitationResponse) => {
    try {
      const sent = await resend.mutateAsync(invitation.id);
      toast({
        title: t('invitations.resent'),
        description: t('invitations.resentText', { email: sent.email, date: day(sent.expiresAtUtc) }),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('invitations.resendFailed'),
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
        title: t('invitations.revoked'),
        description: t('invitations.revokedText', { email: toRevoke.email }),
      });
      setToRevoke(null);
    } catch (error) {
      toast({
        title: t('invitations.revokeFailed'),
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
        title={t('invitations.emptyTitle')}
        description={t('invitations.emptyText')}
        className="py-10"
      />
    );
  }

  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-border" aria-label={t('invitations.open')}>
        {list.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-5"
            data-testid="invitation"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="truncate font-medium">{invitation.email}</span>
                <Badge variant="secondary">{t(`roles.${invitation.role}`)}</Badge>
                {invitation.expired ? <Badge variant="warning">{t('invitations.expired')}</Badge> : null}
              </p>
              <p className="mt-0.5 text-xs text-muted-foreground">
                {invitation.name ? `${invitation.name} · ` : ''}
                {t('invitations.invitedBy', {
                  name: invitation.invitedByName,
                  date: day(invitation.createdAtUtc),
                })}{' '}
                ·{' '}
                {t(invitation.expired ? 'invitations.expiredOn' : 'invitations.expiresOn', {
                  date: day(invitation.expiresAtUtc),
                })}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={resend.isPending}
                onClick={() => void onResend(invitation)}
                aria-label={t('invitations.resendTo', { email: invitation.email })}
              >
                <RotateCw aria-hidden="true" />
                {t('invitations.resend')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:bg-destructive-soft"
                onClick={() => setToRevoke(invitation)}
                aria-label={t('invitations.revokeTo', { email: invitation.email })}
              >
                <X aria-hidden="true" />
                {t('invitations.revoke')}
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
        title={t('invitations.revokeTitle')}
        description={t('invitations.revokeText', { email: toRevoke?.email ?? '' })}
        pending={revoke.isPending}
        onConfirm={() => void onRevoke()}
        confirmLabel={t('invitations.revoke')}
        pendingLabel={t('invitations.revoking')}
      />
    </Card>
  );
}
