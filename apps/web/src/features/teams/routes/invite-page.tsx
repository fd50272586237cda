import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { TeamMessages, type InvitationPreviewResponse } from '@cardcraft/contracts';
import { AuthCard } from '@/components/layout/auth-card';
import { endServerSession } from '@/components/layout/sign-out';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { ROLE_LABELS } from '@/lib/teams';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations';
import { TeamMark } from '../components/team-mark';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long' });

/** an auth page's address that comes back here once signed in or up */
const authPath = (path: string, token: string) =>
  `${path}?${new URLSearchParams({ next: `/invite/${token}` })}`;

function Invitation({ preview }: { preview: InvitationPreviewResponse }) {
  return (
    <div className="mb-6 flex flex-col items-center gap-3 rounded-xl bg-muted/60 p-4 text-center">
      <TeamMark team={{ name: preview.teamName, brand: preview.brand }} className="size-14" />
      <p className="text-sm">
        <strong className="font-semibold">{preview.invitedByName}</strong> invited{' '}
        <strong className="font-semibold break-all">{preview.email}</strong> to join as{' '}
        {ROLE_LABELS[preview.role].toLowerCase()}.
      </p>
      <p className="text-xs text-muted-foreground">
        The invitation is good until{' '}
        <time dateTime={preview.expiresAtUtc}>{dateFormat.format(new Date(preview.expiresAtUtc))}</time>.
      </p>
    </div>
  );
}

function Actions({ token, preview }: { token: string; preview: InvitationPreviewResponse }) {
  const navigate = useNavigate();
  const { session, clearSession } = useSession();
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  if (!session) {
    // the address comes along, so the forms start with the invited one
    const state = { email: preview.email };
    return (
      <div className="space-y-3">
        <p className="text-center text-sm text-muted-foreground">
          Sign in with {preview.email}, or make an account for it, to join.
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to={authPath('/auth/register', token)} state={state}>
            Create an account
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline" className="w-full">
          <Link to={authPath('/auth/login', token)} state={state}>
            Sign in
          </Link>
        </Button>
      </div>
    );
  }

  const signOut = async () => {
    setSigningOut(true);
    await endServerSession();
    clearSession();
    setSigningOut(false);
  };

  if (session.email.toLowerCase() !== preview.email.toLowerCase()) {
    return (
      <div className="space-y-4">
        <ErrorAlert>{TeamMessages.invitationOtherEmail}</ErrorAlert>
        <p className="text-center text-sm text-muted-foreground">
          You are signed in as <span className="font-medium text-foreground">{session.email}</span>.
        </p>
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          onClick={() => void signOut()}
          disabled={signingOut}
        >
          {signingOut ? 'Signing out...' : 'Sign out to use another account'}
        </Button>
      </div>
    );
  }

  const join = async () => {
    setFailure(null);
    try {
      const joined = await accept.mutateAsync(token);
      toast({
        title: `Welcome to ${preview.teamName}`,
        description: joined.profileId ? 'Your team card is waiting in your cards.' : undefined,
        variant: 'success',
      });
      navigate(`/dashboard/teams/${joined.teamId}`, { replace: true });
    } catch (error) {
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <div className="space-y-4">
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <Button size="lg" className="w-full" onClick={() => void join()} disabled={accept.isPending}>
        {accept.isPending ? 'Joining...' : `Join ${preview.teamName}`}
      </Button>
    </div>
  );
}

/** /invite/:token, the link of an invitation's e-mail: the team, then joining it (signed in as the invited address) */
export function InvitePage() {
  const { token = '' } = useParams<{ token: string }>();
  const preview = useInvitationPreview(token);
  const { hydrated } = useSession();
  useDocumentTitle(preview.data ? `Join ${preview.data.teamName}` : 'Invitation');

  if (preview.isError) {
    return (
      <AuthCard
        title="Invitation not found"
        subtitle="The link may have expired, been revoked or already been used"
        footer={
          <Link to="/" className="font-medium text-primary hover:underline">
            Go to Cardcraft
          </Link>
        }
      >
        <ErrorAlert>
          {normalizeError(preview.error).status === 404
            ? TeamMessages.invitationInvalid
            : normalizeError(preview.error).message}
        </ErrorAlert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={preview.data ? `Join ${preview.data.teamName}` : 'Your invitation'}
      subtitle="Your card in your company's brand, in a team on Cardcraft"
      footer="Joining lets the team's admins see your team cards, their messages and their visits."
    >
      {preview.isPending || !hydrated ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading the invitation..." showLabel />
        </div>
      ) : (
        <>
          <Invitation preview={preview.data} />
          <Actions token={token} preview={preview.data} />
        </>
      )}
    </AuthCard>
  );
}
