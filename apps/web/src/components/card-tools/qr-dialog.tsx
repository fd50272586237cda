import { useState } from 'react';
import {
  QR_PRINT_WIDTHS,
  type ProfileResponse,
  type QrPrintWidth,
  type QrResponse,
} from '@cardcraft/contracts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  returnFocus,
} from '@/components/ui/dialog';
import type { QrDesign } from './get-profile-qr';
import { useQrDownload } from './use-qr-download';
import { useQrPreview } from './use-qr-preview';
import { initialDesign, qrDesignState, themeQrColours } from './qr-design';
import { QrColourOptions } from './qr-colour-options';
import { QrDownloadActions } from './qr-download-actions';
import { QrLogoOptions } from './qr-logo-options';
import { QrPreview } from './qr-preview';
import { Segmented } from './segmented';

export interface QrDialogProps {
  profile: ProfileResponse | null;
  qr: QrResponse | null;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: HTMLElement | null;
}

export function QrDialog({ profile, qr, onOpenChange, returnFocusTo }: QrDialogProps) {
  return (
    <Dialog open={Boolean(profile && qr)} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>Profile QR Code</DialogTitle>
          <DialogDescription>Share this QR code to let others quickly access your profile.</DialogDescription>
        </DialogHeader>
        {profile && qr ? <QrDesigner key={profile.id} profile={profile} qr={qr} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** the preview beside the design's options: colours, logo, PNG size, and the downloads */
function QrDesigner({ profile, qr }: { profile: ProfileResponse; qr: QrResponse }) {
  const [design, setDesign] = useState<QrDesign>(() => initialDesign(profile));
  const themeColours = themeQrColours(profile);
  const { contrast, drawable, isThemeColours } = qrDesignState(design, themeColours);
  const { preview, previewError, updating } = useQrPreview(profile.id, design, drawable, qr.qrCode);
  const { downloading, download } = useQrDownload(profile, design);

  const update = (change: Partial<QrDesign>) => setDesign((current) => ({ ...current, ...change }));

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
      <QrPreview
        src={preview}
        alt={`QR code for ${profile.displayName}`}
        background={design.background}
        updating={updating}
        drawable={drawable}
        profileUrl={qr.profileUrl}
        error={previewError}
      />

      <div className="flex min-w-0 flex-col gap-5">
        <QrColourOptions
          design={design}
          contrast={contrast}
          onThemeColours={isThemeColours ? null : () => update(themeColours)}
          update={update}
        />
        <QrLogoOptions profile={profile} design={design} update={update} />
        <Segmented<QrPrintWidth>
          legend="PNG size"
          name={`qr-width-${profile.id}`}
          value={design.width}
          onChange={(width) => update({ width })}
          options={QR_PRINT_WIDTHS.map((width) => ({ value: width, label: `${width} px` }))}
        />
        <QrDownloadActions
          drawable={drawable}
          downloading={downloading}
          onDownload={(format) => void download(format)}
        />
      </div>
    </div>
  );
}
