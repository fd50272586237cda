import { Download, ExternalLink } from 'lucide-react';
import type { ProfileResponse, QrResponse } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  returnFocus,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { normalizeError, saveBlob } from '@/lib/api-client';
import { useDownloadProfileQr } from '../api/get-profile-qr';

export interface QrDialogProps {
  profile: ProfileResponse | null;
  qr: QrResponse | null;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: HTMLElement | null;
}

export function QrDialog({ profile, qr, onOpenChange, returnFocusTo }: QrDialogProps) {
  const download = useDownloadProfileQr();

  const onDownload = async () => {
    if (!profile) return;
    try {
      const blob = await download.mutateAsync(profile.id);
      saveBlob(blob, `qr-${profile.handle}.png`);
      toast({ title: 'QR Code downloaded', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to download QR code',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open={Boolean(profile && qr)} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm" onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>Profile QR Code</DialogTitle>
          <DialogDescription>Share this QR code to let others quickly access your profile.</DialogDescription>
        </DialogHeader>
        {qr && profile ? (
          <div className="flex flex-col items-center gap-3">
            <div className="rounded-xl border border-border bg-white p-3 shadow-xs">
              <img
                src={qr.qrCode}
                alt={`QR code for ${profile.displayName}`}
                className="size-56 [image-rendering:pixelated]"
              />
            </div>
            <a
              href={qr.profileUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1 truncate text-sm text-primary hover:underline"
            >
              <span className="truncate">{qr.profileUrl}</span>
              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            </a>
          </div>
        ) : null}
        <Button onClick={onDownload} disabled={download.isPending} className="w-full">
          <Download aria-hidden="true" />
          {download.isPending ? 'Downloading...' : 'Download QR Code'}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
