import { Link } from 'react-router-dom';
import { ExternalLink, FileLock2, Pencil } from 'lucide-react';
import type { ProfileResponse } from '@cardcraft/contracts';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function CurrentProfileCard({ profile }: { profile: ProfileResponse }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Current Profile</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-3">
          <Avatar name={profile.displayName} src={profile.media.avatarUrl} className="size-11" />
          <div className="min-w-0">
            <p className="truncate font-medium">{profile.displayName}</p>
            <p className="truncate text-sm text-muted-foreground">@{profile.handle}</p>
          </div>
          <Badge variant={profile.published ? 'success' : 'secondary'} className="ml-auto">
            {profile.published ? 'Published' : 'Draft'}
          </Badge>
        </div>
        <Button asChild variant="outline" className="w-full">
          <a href={`/u/${profile.handle}`} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            View Public Profile
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

export function DraftNotice({ profile }: { profile: ProfileResponse }) {
  return (
    <div className="flex flex-col items-center rounded-(--radius-card) border border-amber-200 bg-warning-soft px-6 py-12 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-amber-100 text-warning">
        <FileLock2 className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold">Profile is in Draft Mode</h2>
      <p className="mt-2 max-w-md text-sm text-slate-700">
        {`Analytics data is only available for published profiles. Publish "${profile.displayName}" to start tracking visitors and engagement.`}
      </p>
      <Button asChild className="mt-6">
        <Link to={`/dashboard/profile/${profile.id}`}>
          <Pencil aria-hidden="true" />
          Edit &amp; Publish Profile
        </Link>
      </Button>
    </div>
  );
}
