import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { URL_INPUT, type ProfileFields } from '../utils/profile-fields';
import { ImageField } from '@/components/media/image-field';

/** the avatar, the banner and the image shown when the card is shared */
export function MediaCard({ fields }: { fields: ProfileFields }) {
  const { imageField, mediaField } = fields;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Media</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ImageField kind="avatar" label="Avatar Image" {...imageField('avatarUrl')} />
        <ImageField kind="banner" label="Banner Image" {...imageField('bannerUrl')} />
        <TextField
          label="Social Preview Image"
          hint="Used when sharing your profile on social media"
          {...URL_INPUT}
          {...mediaField('ogImageUrl')}
        />
      </CardContent>
    </Card>
  );
}
