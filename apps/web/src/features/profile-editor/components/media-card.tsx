import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { URL_INPUT, type ProfileFields } from '../utils/profile-fields';
import { ImageField } from '@/components/media/image-field';
import { lockedInput } from './locked-field';

/** an image the template sets: its address, read-only, under a look at it */
function LockedImage({ label, url, round }: { label: string; url: string; round: boolean }) {
  const { t } = useTranslation('editor');
  return (
    <div className="space-y-2">
      {url ? (
        <img
          src={url}
          alt=""
          className={
            round ? 'size-14 rounded-full object-cover' : 'aspect-[3/1] w-full rounded-lg object-cover'
          }
        />
      ) : null}
      <TextField
        label={label}
        value={url}
        {...URL_INPUT}
        placeholder={t('mediaCard.none')}
        {...lockedInput(true)}
      />
    </div>
  );
}

/** the avatar, the banner and the image shown when the card is shared */
export function MediaCard({ fields }: { fields: ProfileFields }) {
  const { values, imageField, mediaField, isLocked } = fields;
  const { t } = useTranslation('editor');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('mediaCard.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLocked('media.avatarUrl') ? (
          <LockedImage label={t('mediaCard.avatar')} url={values.media.avatarUrl} round />
        ) : (
          <ImageField kind="avatar" label={t('mediaCard.avatar')} {...imageField('avatarUrl')} />
        )}
        {isLocked('media.bannerUrl') ? (
          <LockedImage label={t('mediaCard.banner')} url={values.media.bannerUrl} round={false} />
        ) : (
          <ImageField kind="banner" label={t('mediaCard.banner')} {...imageField('bannerUrl')} />
        )}
        <TextField
          label={t('mediaCard.socialPreview')}
          hint={t('mediaCard.socialPreviewHint')}
          {...URL_INPUT}
          {...mediaField('ogImageUrl')}
        />
      </CardContent>
    </Card>
  );
}
