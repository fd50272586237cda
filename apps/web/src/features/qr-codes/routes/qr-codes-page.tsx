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

const savedAtFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3';

function QrCodesSkeleton() {
  return (
    <div className={GRID} aria-busy="true">
      {Array.from({ length: 2 }, (_, i) => (
        <div key={i} className="flex flex-col items-center gap-4 rounded-(--radius-card) border p-5">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="aspect-square w-full max-w-72" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
      <span className="sr-only">Loading QR codes</span>
    </div>
  );
}

/** says the codes on screen are the device's copy, and from when */
function SavedCopyNote({ savedAt, offline }: { savedAt: string; offline: boolean }) {
  const when = savedAtFormat.format(new Date(savedAt));
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-2.5 rounded-lg border border-amber-200 bg-warning-soft px-3.5 py-3 text-sm text-amber-900"
      data-testid="saved-copy-note"
    >
      <CloudOff className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <p>
        {offline ? "You're offline." : 'Cardcraft could not be reached.'} These are the codes saved on this
        device on {when}; they still open your cards for anyone online.
      </p>
    </div>
  );
}

function QrCodeGrid({ cards }: { cards: OfflineQrCode[] }) {
  if (cards.length === 0) {
    return (
      <EmptyState
        icon={QrCode}
        title="No published cards"
        description="Publish a card and its QR code shows here, ready to scan."
        action={
          <Button asChild>
            <Link to="/dashboard/home">Go to your profiles</Link>
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
  useDocumentTitle('My QR codes');
  const view = useQrCodes();
  return (
    <>
      <PageHeader
        title="My QR codes"
        description="Show a card's code to someone to scan. They are kept on this device, so they open without a network too."
      />
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
          title="You're offline"
          description="No QR codes are saved on this device yet. Open My QR codes once while online and they stay here for the next time."
        />
      ) : (
        <ErrorAlert>Failed to load your QR codes. Please try again later.</ErrorAlert>
      )}
    </>
  );
}
