import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  QR_PRINT_WIDTHS,
  type ProfileResponse,
  type QrPrintWidth,
  type QrResponse,
  type TeamBrandResponse,
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
import {
  brandQrColours,
  initialDesign,
  qrDesignState,
  themeQrColours,
  type BrandQrColours,
} from './qr-design';
import { useLanguage } from '@/i18n/use-language';
import { QrColourOptions, ratioText } from './qr-colour-options';
import { QrDownloadActions } from './qr-download-actions';
import { QrLogoOptions } from './qr-logo-options';
import { QrPreview } from './qr-preview';
import { Segmented } from './segmented';

export interface QrDialogProps {
  profile: ProfileResponse | null;
  qr: QrResponse | null;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: HTMLElement | null;
  /** a team card's brand: the code starts in its colours instead of the theme's */
  brand?: TeamBrandResponse | null;
}

export function QrDialog({ profile, qr, onOpenChange, returnFocusTo, brand = null }: QrDialogProps) {
  const { t } = useTranslation('common');
  const brandColours = brandQrColours(brand?.primaryColor);
  return (
    <Dialog open={Boolean(profile && qr)} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>{t('cardTools.qr.title')}</DialogTitle>
          <DialogDescription>
            {brandColours ? t('cardTools.qr.descriptionBrand') : t('cardTools.qr.description')}
          </DialogDescription>
        </DialogHeader>
        {profile && qr ? (
          <QrDesigner key={profile.id} profile={profile} qr={qr} brandColours={brandColours} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** a brand colour too light to scan, said with what the code uses instead */
function DarkenedNote({ colours }: { colours: BrandQrColours }) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  if (!colours.darkenedFrom) return null;
  return (
    <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground" data-testid="qr-brand-note">
      <Trans
        t={t}
        i18nKey="cardTools.qr.darkened"
        values={{
          brand: colours.darkenedFrom,
          ratio: ratioText(colours.brandContrast.ratio, language),
          code: colours.foreground,
        }}
        components={{ colour: <span className="font-mono" /> }}
      />
    </p>
  );
}

/** the preview beside the design's options: colours, logo, PNG size, and the downloads */
function QrDesigner({
  profile,
  qr,
  brandColours,
}: {
  profile: ProfileResponse;
  qr: QrResponse;
  brandColours: BrandQrColours | null;
}) {
  const { t } = useTranslation('common');
  const themeColours = themeQrColours(profile);
  // what the reset button goes back to: the brand's colours on a team card, else the theme's
  const preset = brandColours
    ? { foreground: brandColours.foreground, background: brandColours.background }
    : themeColours;
  const [design, setDesign] = useState<QrDesign>(() => initialDesign(profile, preset));
  const { contrast, drawable, isThemeColours } = qrDesignState(design, preset);
  const { preview, previewError, updating } = useQrPreview(profile.id, design, drawable, qr.qrCode);
  const { downloading, download } = useQrDownload(profile, design);

  const update = (change: Partial<QrDesign>) => setDesign((current) => ({ ...current, ...change }));

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
      <QrPreview
        src={preview}
        alt={t('cardTools.qr.alt', { name: profile.displayName })}
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
          onThemeColours={isThemeColours ? null : () => update(preset)}
          resetLabel={brandColours ? t('cardTools.qr.brandColours') : t('cardTools.qr.themeColours')}
          update={update}
        />
        {brandColours ? <DarkenedNote colours={brandColours} /> : null}
        <QrLogoOptions profile={profile} design={design} update={update} />
        <Segmented<QrPrintWidth>
          legend={t('cardTools.qr.pngSize')}
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
