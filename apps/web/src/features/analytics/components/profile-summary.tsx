import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ExternalLink, FileLock2, Pencil } from 'lucide-react';
import type { ProfileResponse } from '@cardcraft/contracts';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function CurrentProfileCard({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('analytics');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.current')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-3">
          <Avatar name={profile.displayName} src={profile.media.avatarUrl} className="size-11" />
          <div className="min-w-0">
            <p className="truncate font-medium">{profile.displayName}</p>
            <p className="truncate text-sm text-muted-foreground">@{profile.handle}</p>
          </div>
          <Badge variant={profile.published ? 'success' : 'secondary'} className="ml-auto">
            {profile.published ? t('profile.published') : t('profile.draft')}
          </Badge>
        </div>
        <Button asChild variant="outline" className="w-full">
          <a href={`/u/${profile.handle}`} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {t('profile.view')}
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

export function DraftNotice({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('analytics');
  return (
    <div className="flex flex-col items-center rounded-(--radius-card) border border-amber-200 bg-warning-soft px-6 py-12 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-amber-100 text-warning">
        <FileLock2 className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold">{t('profile.draftTitle')}</h2>
      <p className="mt-2 max-w-md text-sm text-slate-700">
        {t('profile.draftText', { name: profile.displayName })}
      </p>
      <Button asChild className="mt-6">
        <Link to={`/dashboard/profile/${profile.id}`}>
          <Pencil aria-hidden="true" />
          {t('profile.publish')}
        </Link>
      </Button>
    </div>
  );
}
