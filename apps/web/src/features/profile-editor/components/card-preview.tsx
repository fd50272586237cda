import { normalizeHandle, THEMES } from '@cardcraft/contracts';
import { THEME_COVER } from '@/components/brand/theme-cover';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { ProfileFormValues } from '../utils/profile-form';

const SAFE_URL = /^https?:\/\//i;

/** a small live preview of the card's head while editing */
export function CardPreview({ values }: { values: ProfileFormValues }) {
  const theme = THEMES.find((t) => t.value === values.theme);
  const banner = SAFE_URL.test(values.media.bannerUrl) ? values.media.bannerUrl : null;
  const avatar = SAFE_URL.test(values.media.avatarUrl) ? values.media.avatarUrl : null;
  const handle = normalizeHandle(values.handle);
  return (
    <Card className="overflow-hidden" role="figure" aria-label="Card preview">
      <div className={cn('relative h-16', THEME_COVER[values.theme])}>
        {banner ? <img src={banner} alt="" className="size-full object-cover" /> : null}
      </div>
      <div className="px-5 pb-5">
        <Avatar
          name={values.displayName || '?'}
          src={avatar}
          className="-mt-7 size-14 border-4 border-surface text-base shadow-sm"
        />
        <p className="mt-2 truncate font-semibold">{values.displayName.trim() || 'Your name'}</p>
        <p className="truncate text-sm text-muted-foreground">@{handle || 'your-handle'}</p>
        {values.tagline.trim() ? (
          <p className="mt-2 line-clamp-2 text-sm text-slate-600">{values.tagline}</p>
        ) : null}
        <p className="mt-3 text-xs text-muted-foreground">
          {theme?.label} theme · {values.published ? 'Published' : 'Draft'}
        </p>
      </div>
    </Card>
  );
}
