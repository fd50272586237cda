import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { QrDownloadFormat } from './use-qr-download';

export interface QrDownloadActionsProps {
  /** the design can be drawn: a refused one cannot be downloaded either */
  drawable: boolean;
  downloading: QrDownloadFormat | null;
  onDownload: (format: QrDownloadFormat) => void;
}

/** the PNG at the chosen size, and the SVG; one download at a time */
export function QrDownloadActions({ drawable, downloading, onDownload }: QrDownloadActionsProps) {
  const { t } = useTranslation('common');
  const disabled = !drawable || downloading !== null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button className="sm:flex-1" onClick={() => onDownload('png')} disabled={disabled}>
        <Download aria-hidden="true" />
        {downloading === 'png' ? t('cardTools.qr.downloading') : t('cardTools.qr.downloadPng')}
      </Button>
      <Button variant="outline" className="sm:flex-1" onClick={() => onDownload('svg')} disabled={disabled}>
        <Download aria-hidden="true" />
        {downloading === 'svg' ? t('cardTools.qr.downloading') : t('cardTools.qr.downloadSvg')}
      </Button>
    </div>
  );
}
