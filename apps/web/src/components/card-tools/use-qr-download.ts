import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileResponse } from '@cardcraft/contracts';
import { toast } from '@/components/ui/toast';
import { normalizeError, saveBlob } from '@/lib/api-client';
import { designProfileQr, type QrDesign } from './get-profile-qr';
import { qrFileName } from './qr-design';

export type QrDownloadFormat = 'png' | 'svg';

/** the design as a file, PNG or SVG, saved and told in a toast; which format is on its way */
export function useQrDownload(profile: Pick<ProfileResponse, 'id' | 'handle'>, design: QrDesign) {
  const { t } = useTranslation('common');
  const [downloading, setDownloading] = useState<QrDownloadFormat | null>(null);

  const download = async (format: QrDownloadFormat) => {
    setDownloading(format);
    try {
      const blob = await designProfileQr(profile.id, { ...design, format });
      saveBlob(blob, qrFileName(profile.handle, format, design.width));
      toast({ title: t('cardTools.qr.downloaded'), variant: 'success' });
    } catch (error) {
      toast({
        title: t('cardTools.qr.downloadFailed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    } finally {
      setDownloading(null);
    }
  };

  return { downloading, download };
}
