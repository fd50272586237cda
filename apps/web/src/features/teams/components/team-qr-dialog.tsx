import { Download } from 'lucide-react';
import type { QrResponse, TeamCardResponse } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  returnFocus,
} from '@/components/ui/dialog';

/** a team card's QR code in the brand's colours, to print or share */
export function TeamQrDialog({
  card,
  qr,
  onOpenChange,
  returnFocusTo,
}: {
  card: TeamCardResponse | null;
  qr: QrResponse | null;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: HTMLElement | null;
}) {
  return (
    <Dialog open={Boolean(card && qr)} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>QR code of @{card?.handle}</DialogTitle>
          <DialogDescription>In the team&apos;s colours. It opens {qr?.profileUrl}</DialogDescription>
        </DialogHeader>
        {card && qr ? (
          <>
            <img
              src={qr.qrCode}
              alt={`QR code for ${card.displayName}`}
              className="mx-auto aspect-square w-full max-w-64 rounded-lg border border-border"
            />
            <Button asChild>
              <a href={qr.qrCode} download={`${card.handle}-qr.png`}>
                <Download aria-hidden="true" />
                Download PNG
              </a>
            </Button>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
