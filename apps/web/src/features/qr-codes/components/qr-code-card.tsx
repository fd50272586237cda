import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import type { OfflineQrCode } from '@/lib/offline-qr-codes';

/** one published card: its name, its code at a size a phone reads across a table, and its address */
export function QrCodeCard({ card }: { card: OfflineQrCode }) {
  const { t } = useTranslation('profiles');
  const titleId = `qr-code-${card.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col items-center gap-4 rounded-(--radius-card) border border-border bg-surface p-5 shadow-xs"
      data-testid="qr-code-card"
    >
      <div className="w-full min-w-0 text-center">
        <h2 id={titleId} className="truncate text-lg font-semibold">
          {card.displayName}
        </h2>
        <p className="truncate text-sm text-muted-foreground">@{card.handle}</p>
      </div>
      {/* the code on white, whatever the page's colours: the quiet zone a reader needs is in the image */}
      <div className="w-full max-w-72 rounded-xl border border-border bg-white p-2">
        <img
          src={card.qrCode}
          alt={t('qrCodes.alt', { name: card.displayName, link: card.link })}
          // drawn at 8 px a module: scaled without blurring its edges
          className="aspect-square w-full [image-rendering:pixelated]"
        />
      </div>
      <a
        href={card.link}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex max-w-full items-start gap-1 text-center text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {/* whole, wrapped where it must: someone may read it out or type it */}
        <span className="break-all">{card.link}</span>
        <ExternalLink className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        <span className="sr-only">{t('qrCodes.newTab')}</span>
      </a>
    </article>
  );
}
