import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { IdCard } from 'lucide-react';
import type { ProfileResponse, QrResponse } from '@cardcraft/contracts';
import { PageHeader } from '@/components/layout/page-header';
import { CreateProfileButton } from '@/components/profiles/create-profile-button';
import { ErrorAlert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError, saveBlob } from '@/lib/api-client';
import { useProfiles } from '@/lib/profiles';
import { useTeams } from '@/lib/teams';
import { useClientConfig } from '@/lib/client-config';
import { useDuplicateProfile } from '../api/duplicate-profile';
import { useWalletPass } from '../api/wallet-pass';
import { useProfileQr } from '@/components/card-tools/get-profile-qr';
import { DeleteProfileDialog } from '../components/delete-profile-dialog';
import { ProfileCard } from '../components/profile-card';
import { QrDialog } from '@/components/card-tools/qr-dialog';
import { SignatureDialog } from '@/components/card-tools/signature-dialog';
import { useDocumentTitle } from '@/lib/use-document-title';

/** a success message passed by the editor in the navigation state becomes a toast, once */
function useNavigationMessage() {
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useRef<string | null>(null);
  const message = (location.state as { message?: unknown } | null)?.message;
  useEffect(() => {
    if (typeof message !== 'string' || !message || shown.current === location.key) return;
    shown.current = location.key;
    toast({ title: message, variant: 'success' });
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [message, location.key, location.pathname, location.search, navigate]);
}

function ProfileGridSkeleton() {
  const { t } = useTranslation('profiles');
  return (
    <div className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-(--radius-card) border border-border bg-surface">
          <Skeleton className="h-20 rounded-none" />
          <div className="space-y-3 p-5">
            <Skeleton className="-mt-12 size-16 rounded-full border-4 border-surface" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-3 w-full" />
          </div>
        </div>
      ))}
      <span className="sr-only">{t('dashboard.loading')}</span>
    </div>
  );
}

export function DashboardHomePage() {
  const { t } = useTranslation('profiles');
  useDocumentTitle(t('dashboard.title'));
  useNavigationMessage();
  const navigate = useNavigate();
  const profiles = useProfiles();
  const qr = useProfileQr();
  const [qrFor, setQrFor] = useState<{ profile: ProfileResponse; qr: QrResponse } | null>(null);
  const [generatingId, setGeneratingId] = useState<string | null>(null);
  const duplicate = useDuplicateProfile();
  const [duplicatingId, setDuplicatingId] = useState<string | null>(null);
  const clientConfig = useClientConfig();
  const walletPass = useWalletPass();
  const [walletFor, setWalletFor] = useState<string | null>(null);
  const [signatureFor, setSignatureFor] = useState<ProfileResponse | null>(null);
  const [toDelete, setToDelete] = useState<ProfileResponse | null>(null);
  // a team card's code and signature come in its team's brand
  const teams = useTeams();
  const brandOf = (profile: ProfileResponse | null) =>
    teams.data?.find((team) => team.id === profile?.team?.teamId)?.brand ?? null;
  // the card menu's trigger that opened the open dialog
  const [opener, setOpener] = useState<HTMLElement | null>(null);

  const onQrCode = async (profile: ProfileResponse) => {
    setGeneratingId(profile.id);
    try {
      const result = await qr.mutateAsync(profile.id);
      setQrFor({ profile, qr: result });
    } catch (error) {
      toast({
        title: t('toasts.qrFailed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    } finally {
      setGeneratingId(null);
    }
  };

  const onDuplicate = async (profile: ProfileResponse) => {
    setDuplicatingId(profile.id);
    try {
      const copy = await duplicate.mutateAsync(profile.id);
      toast({
        title: t('toasts.duplicated'),
        description: t('toasts.duplicatedText', { handle: copy.handle }),
        variant: 'success',
      });
      navigate(`/dashboard/profile/${copy.id}`);
    } catch (error) {
      toast({
        title: t('toasts.duplicateFailed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    } finally {
      setDuplicatingId(null);
    }
  };

  const onWalletPass = async (profile: ProfileResponse) => {
    setWalletFor(profile.id);
    try {
      saveBlob(await walletPass.mutateAsync(profile.id), `${profile.handle}.pkpass`);
      toast({
        title: t('toasts.walletDownloaded'),
        description: t('toasts.walletText'),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('toasts.walletFailed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    } finally {
      setWalletFor(null);
    }
  };

  const list = profiles.data ?? [];

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.description')}
        actions={<CreateProfileButton />}
      />
      {profiles.isPending ? (
        <ProfileGridSkeleton />
      ) : profiles.isError ? (
        <ErrorAlert>{t('dashboard.loadFailed')}</ErrorAlert>
      ) : list.length === 0 ? (
        <EmptyState
          icon={IdCard}
          title={t('dashboard.emptyTitle')}
          description={t('dashboard.emptyText')}
          action={<CreateProfileButton size="lg">{t('dashboard.createFirst')}</CreateProfileButton>}
        />
      ) : (
        <div className="grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3">
          {list.map((profile) => (
            <ProfileCard
              key={profile.id}
              profile={profile}
              generating={generatingId === profile.id}
              onEdit={() => navigate(`/dashboard/profile/${profile.id}`)}
              onQrCode={(trigger) => {
                setOpener(trigger);
                return onQrCode(profile);
              }}
              duplicating={duplicatingId === profile.id}
              onSignature={(trigger) => {
                setOpener(trigger);
                setSignatureFor(profile);
              }}
              onWalletPass={clientConfig.data?.walletPass ? () => onWalletPass(profile) : undefined}
              walletPending={walletFor === profile.id}
              googleWallet={clientConfig.data?.googleWallet ?? false}
              onDuplicate={() => onDuplicate(profile)}
              onDelete={(trigger) => {
                setOpener(trigger);
                setToDelete(profile);
              }}
            />
          ))}
        </div>
      )}
      <QrDialog
        profile={qrFor?.profile ?? null}
        qr={qrFor?.qr ?? null}
        brand={brandOf(qrFor?.profile ?? null)}
        onOpenChange={(open) => {
          if (!open) setQrFor(null);
        }}
        returnFocusTo={opener}
      />
      <SignatureDialog
        profile={signatureFor}
        brand={brandOf(signatureFor)}
        publicBaseUrl={clientConfig.data?.publicBaseUrl ?? window.location.origin}
        onOpenChange={(open) => {
          if (!open) setSignatureFor(null);
        }}
        returnFocusTo={opener}
      />
      <DeleteProfileDialog
        profile={toDelete}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        returnFocusTo={opener}
      />
    </>
  );
}
