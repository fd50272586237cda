import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import type { ProfileResponse, QrLogo } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import type { QrDesign } from './get-profile-qr';
import { logoFileError, QR_LOGO_TYPES, readAsDataUrl } from './qr-design';
import { qrMessageText } from './qr-messages';
import { Segmented } from './segmented';

export interface QrLogoOptionsProps {
  profile: Pick<ProfileResponse, 'id' | 'media'>;
  design: QrDesign;
  update: (change: Partial<QrDesign>) => void;
}

/** no logo, the card's avatar, or an image picked here (checked before it is sent) */
export function QrLogoOptions({ profile, design, update }: QrLogoOptionsProps) {
  const { t } = useTranslation('common');
  const [logoName, setLogoName] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onLogoFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const error = logoFileError(file);
    if (error) {
      setLogoError(error);
      return;
    }
    setLogoError(null);
    setLogoName(file.name);
    update({ logo: 'upload', logoDataUrl: await readAsDataUrl(file) });
  };

  const chooseLogo = (logo: QrLogo) => {
    setLogoError(null);
    // the first choice of an image opens the picker; the logo changes once one is picked
    if (logo === 'upload' && !design.logoDataUrl) {
      fileInput.current?.click();
      return;
    }
    update({ logo });
  };

  return (
    <div>
      <Segmented<QrLogo>
        legend={t('cardTools.qr.logo')}
        name={`qr-logo-${profile.id}`}
        value={design.logo}
        onChange={chooseLogo}
        options={[
          { value: 'none', label: t('cardTools.qr.logoNone') },
          { value: 'avatar', label: t('cardTools.qr.logoAvatar'), disabled: !profile.media.avatarUrl },
          { value: 'upload', label: t('cardTools.qr.logoImage') },
        ]}
      />
      <input
        ref={fileInput}
        type="file"
        accept={QR_LOGO_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('cardTools.qr.logoFile')}
        onChange={(event) => void onLogoFile(event)}
      />
      {design.logo === 'upload' ? (
        <div className="mt-2 flex min-w-0 items-center gap-2 text-sm">
          <span className="truncate text-muted-foreground">{logoName}</span>
          <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden="true" />
            {t('cardTools.qr.changeImage')}
          </Button>
        </div>
      ) : null}
      {logoError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {qrMessageText(t, logoError)}
        </p>
      ) : (
        <p className="mt-2 text-xs text-muted-foreground">{t('cardTools.qr.logoHint')}</p>
      )}
    </div>
  );
}
