import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { Link } from 'react-router-dom';
import { CloudOff, QrCode } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { OfflineQrCode } from '@/lib/offline-qr-codes';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useQrCodes } from '../api/use-qr-codes';
import { QrCodeCard } from '../components/qr-code-card';

const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3';

function QrCodesSkeleton() {
  const { t } = useTranslation('profiles');
  return (
    <div className={GRID} aria-busy="true">
      {Array.from({ length: 2 }, (_, i) => (
        <div key={i} className="flex flex-col items-center gap-4 rounded-(--radius-card) border p-5">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="aspect-square w-full max-w-72" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
      <span className="sr-only">{t('qrCodes.loading')}</span>
    </div>
  );
}

/** says the codes on screen are the device's copy, and from when */
function SavedCopyNote({ savedAt, offline }: { savedAt: string; offline: boolean }) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(savedAt),
  );
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-2.5 rounded-lg border border-amber-200 bg-warning-soft px-3.5 py-3 text-sm text-amber-900"
      data-testid="saved-copy-note"
    >
      <CloudOff className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <p>
        {offline ? t('qrCodes.offline') : t('qrCodes.unreachable')} {t('qrCodes.savedCopy', { when })}
      </p>
    </div>
  );
}

function QrCodeGrid({ cards }: { cards: OfflineQrCode[] }) {
  const { t } = useTranslation('profiles');
  if (cards.length === 0) {
    return (
      <EmptyState
        icon={QrCode}
        title={t('qrCodes.emptyTitle')}
        description={t('qrCodes.emptyText')}
        action={
          <Button asChild>
            <Link to="/dashboard/home">{t('qrCodes.goToProfiles')}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className={GRID}>
      {cards.map((card) => (
        <QrCodeCard key={card.id} card={card} />
      ))}
    </div>
  );
}

/** each published card's QR code and link, on this device too when there is no network */
export function QrCodesPage() {
  const { t } = useTranslation('profiles');
  useDocumentTitle(t('qrCodes.title'));
  const view = useQrCodes();
  return (
    <>
      <PageHeader title={t('qrCodes.title')} description={t('qrCodes.description')} />
      {view.kind === 'loading' ? (
        <QrCodesSkeleton />
      ) : view.kind === 'live' ? (
        <QrCodeGrid cards={view.cards} />
      ) : view.kind === 'saved' ? (
        <>
          <SavedCopyNote savedAt={view.savedAt} offline={view.offline} />
          <QrCodeGrid cards={view.cards} />
        </>
      ) : view.kind === 'nothing-saved' ? (
        <EmptyState
          icon={CloudOff}
          title={t('qrCodes.nothingTitle')}
          description={t('qrCodes.nothingText')}
        />
      ) : (
        <ErrorAlert>{t('qrCodes.failed')}</ErrorAlert>
      )}
    </>
  );
}
