import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { InvitationPreviewResponse } from '@cardcraft/contracts';
import { useLanguage } from '@/i18n/use-language';
import { AuthCard } from '@/components/layout/auth-card';
import { endServerSession } from '@/components/layout/sign-out';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations';
import { TeamMark } from '../components/team-mark';
import {
  forgetInvitation,
  recallInvitation,
  rememberInvitation,
  tokenFromHash,
} from '../lib/invitation-token';

/**
 * an auth page's address that comes back here once signed in or up. the way back is the bare page:
 * the token waits in the tab's storage, as a query string would carry it to the server's logs
 */
const authPath = (path: string) => `${path}?${new URLSearchParams({ next: '/invite' })}`;

function Invitation({ preview }: { preview: InvitationPreviewResponse }) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
  return (
    <div className="mb-6 flex flex-col items-center gap-3 rounded-xl bg-muted/60 p-4 text-center">
      <TeamMark team={{ name: preview.teamName, brand: preview.brand }} className="size-14" />
      <p className="text-sm">
        <Trans
          t={t}
          i18nKey="join.invited"
          values={{
            name: preview.invitedByName,
            email: preview.email,
            role: t(`rolesInText.${preview.role}`),
          }}
          components={{
            name: <strong className="font-semibold" />,
            email: <strong className="font-semibold wrap-anywhere" />,
          }}
        />
      </p>
      <p className="text-xs text-muted-foreground">
        <Trans
          t={t}
          i18nKey="join.goodUntil"
          values={{ date: dateFormat.format(new Date(preview.expiresAtUtc)) }}
          components={{ time: <time dateTime={preview.expiresAtUtc} /> }}
        />
      </p>
    </div>
  );
}

function Actions({ token, preview }: { token: string; preview: InvitationPreviewResponse }) {
  const { t } = useTranslation('teams');
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
          {t('join.signInToJoin', { email: preview.email })}
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to={authPath('/auth/register')} state={state}>
            {t('join.register')}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline" className="w-full">
          <Link to={authPath('/auth/login')} state={state}>
            {t('join.signIn')}
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
        <ErrorAlert>{t('join.otherEmail')}</ErrorAlert>
        <p className="text-center text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="join.signedInAs"
            values={{ email: session.email }}
            components={{ email: <span className="font-medium text-foreground" /> }}
          />
        </p>
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          onClick={() => void signOut()}
          disabled={signingOut}
        >
          {signingOut ? t('join.signingOut') : t('join.signOut')}
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
        title: t('join.welcome', { team: preview.teamName }),
        description: joined.profileId ? t('join.welcomeText') : undefined,
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
        {accept.isPending ? t('join.joining') : t('join.title', { team: preview.teamName })}
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
  const { t } = useTranslation('teams');
  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        <Link to="/" className="font-medium text-primary hover:underline">
          {t('join.home')}
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
  const { t } = useTranslation('teams');
  const title = preview.data ? t('join.title', { team: preview.data.teamName }) : null;
  useDocumentTitle(title ?? t('join.documentTitle'));
  const invalid = preview.isError && normalizeError(preview.error).status === 404;

  useEffect(() => {
    if (invalid) forgetInvitation();
  }, [invalid]);

  if (!token) {
    return (
      <NoInvitation
        title={t('join.noTokenTitle')}
        subtitle={t('join.noTokenSubtitle')}
        message={t('join.noTokenText')}
      />
    );
  }
  if (preview.isError) {
    return (
      <NoInvitation
        title={t('join.invalidTitle')}
        subtitle={t('join.invalidSubtitle')}
        message={invalid ? t('join.invalid') : normalizeError(preview.error).message}
      />
    );
  }

  return (
    <AuthCard
      title={title ?? t('join.yourInvitation')}
      subtitle={t('join.subtitle')}
      footer={t('join.footer')}
    >
      {preview.isPending || !hydrated ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('join.loading')} showLabel />
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
