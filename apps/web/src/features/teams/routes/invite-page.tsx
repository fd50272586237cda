import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
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
import {
  forgetInvitation,
  recallInvitation,
  rememberInvitation,
  tokenFromHash,
} from '../lib/invitation-token';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long' });

/**
 * an auth page's address that comes back here once signed in or up. the way back is the bare page:
 * the token waits in the tab's storage, as a query string would carry it to the server's logs
 */
const authPath = (path: string) => `${path}?${new URLSearchParams({ next: '/invite' })}`;

function Invitation({ preview }: { preview: InvitationPreviewResponse }) {
  return (
    <div className="mb-6 flex flex-col items-center gap-3 rounded-xl bg-muted/60 p-4 text-center">
      <TeamMark team={{ name: preview.teamName, brand: preview.brand }} className="size-14" />
      <p className="text-sm">
        <strong className="font-semibold">{preview.invitedByName}</strong> invited{' '}
        <strong className="font-semibold wrap-anywhere">{preview.email}</strong> to join as{' '}
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
          <Link to={authPath('/auth/register')} state={state}>
            Create an account
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline" className="w-full">
          <Link to={authPath('/auth/login')} state={state}>
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
      forgetInvitation();
      toast({
        title: `Welcome to ${preview.teamName}`,
        description: joined.profileId ? 'Your team card is waiting in your cards.' : undefined,
        variant: 'success',
      });
      navigate(`/dashboard/teams/${joined.teamId}`, { replace: true });
    } catch (error) {
      const refusal = normalizeError(error);
      // used, revoked or expired meanwhile: the link will not work again. another address (403) may
      // still sign out and in with the invited one
      if (refusal.status === 404) forgetInvitation();
      setFailure(refusal.message);
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

/**
 * the invitation's token: from the link's fragment when the page is opened from the e-mail, else the
 * one this tab kept while its reader signed up or in. once kept, the fragment leaves the address bar,
 * so a shared screen or a copied address does not hand the invitation on
 */
function useInvitationToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const fromLink = tokenFromHash(location.hash);
  const [token, setToken] = useState(() => fromLink ?? recallInvitation());
  if (fromLink && fromLink !== token) setToken(fromLink);

  useEffect(() => {
    if (fromLink && rememberInvitation(fromLink)) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    }
  }, [fromLink, location.pathname, location.search, navigate]);

  return fromLink ?? token;
}

function NoInvitation({ title, subtitle, message }: { title: string; subtitle: string; message: string }) {
  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        <Link to="/" className="font-medium text-primary hover:underline">
          Go to Cardcraft
        </Link>
      }
    >
      <ErrorAlert>{message}</ErrorAlert>
    </AuthCard>
  );
}

/** /invite#token=..., the link of an invitation's e-mail: the team, then joining it (signed in as the invited address) */
export function InvitePage() {
  const token = useInvitationToken();
  const preview = useInvitationPreview(token);
  const { hydrated } = useSession();
  useDocumentTitle(preview.data ? `Join ${preview.data.teamName}` : 'Invitation');
  const invalid = preview.isError && normalizeError(preview.error).status === 404;

  useEffect(() => {
    if (invalid) forgetInvitation();
  }, [invalid]);

  if (!token) {
    return (
      <NoInvitation
        title="No invitation here"
        subtitle="An invitation opens from the link in its e-mail"
        message="Open the link in your invitation e-mail again to see it here."
      />
    );
  }
  if (preview.isError) {
    return (
      <NoInvitation
        title="Invitation not found"
        subtitle="The link may have expired, been revoked or already been used"
        message={invalid ? TeamMessages.invitationInvalid : normalizeError(preview.error).message}
      />
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
