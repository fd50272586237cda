import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Eye, PenLine } from 'lucide-react';
import type { EngagementEventType } from '@cardcraft/contracts/analytics.dto';
import type { PublicProfileResponse, ViewerType } from '@cardcraft/contracts/responses';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { readViewContext, usePublicProfile } from '../api/get-public-profile';
import { sendLead } from '../api/send-lead';
import { trackEvent } from '../api/track-event';
import type { CardTheme } from '../components/card-theme';
import { CardSkeleton } from '../components/card-skeleton';
import { MessageForm } from '../components/message-form';
import { ProfileCard } from '../components/profile-card';
import { ProfileState } from '../components/profile-state';
import { describeCard, usePageMeta } from '../hooks/use-page-meta';
import { shareTitle } from '../lib/card-actions';

function OwnerNotice({ profile, theme }: { profile: PublicProfileResponse; theme: CardTheme }) {
  const draft = !profile.publishedAtUtc;
  return (
    <div className={cn('border-b px-4 py-2.5 text-sm', theme.divider, theme.dock)}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className={cn('inline-flex items-center gap-2', theme.muted)}>
          <Eye className="size-4 shrink-0" aria-hidden="true" />
          {draft
            ? 'Draft: only you can see this card. Publish it to share it.'
            : 'This is your card as visitors see it.'}
        </p>
        <Link
          to={`/dashboard/profile/${profile.id}`}
          className={cn('inline-flex items-center gap-1.5 font-medium', theme.link)}
        >
          <PenLine className="size-4" aria-hidden="true" />
          Edit card
        </Link>
      </div>
    </div>
  );
}

/** /u/:handle, the public card (spec §2 'Public profile') */
export function PublicProfilePage() {
  const params = useParams();
  const handle = (params.handle ?? '').trim().toLowerCase();
  const { session, hydrated } = useSession();
  // read once: the address and referrer of the visit that opened the card
  const [context] = useState(() =>
    readViewContext(window.location.search, document.referrer, window.location.origin),
  );
  const query = usePublicProfile(handle, context, session?.userId ?? null, hydrated && handle !== '');
  const profile = query.data;

  const isOwner = Boolean(profile && (profile.isOwner || (session && session.userId === profile.ownerId)));
  const viewer: ViewerType = isOwner ? 'owner' : session ? 'user' : 'guest';
  const visible = Boolean(profile && (profile.publishedAtUtc || isOwner));

  usePageMeta(
    profile && visible ? shareTitle(profile.displayName) : null,
    profile && visible ? describeCard(profile) : null,
  );

  const profileId = profile?.id;
  const track = useCallback(
    (type: EngagementEventType, target?: string | null) => {
      if (profileId) trackEvent(profileId, type, target);
    },
    [profileId],
  );

  if (!handle) return <ProfileState kind="invalid-handle" />;
  if (!hydrated || query.isPending) return <CardSkeleton />;
  if (query.isError || !profile) return <ProfileState kind="not-found" />;
  if (!visible) return <ProfileState kind="private" />;

  const canMessage = !isOwner && profile.allowMessages;
  const visitorUserId = session?.userId ?? null;
  return (
    <ProfileCard
      profile={profile}
      viewer={viewer}
      profileUrl={`${window.location.origin}/u/${profile.handle}`}
      track={track}
      notice={isOwner ? (theme) => <OwnerNotice profile={profile} theme={theme} /> : undefined}
      message={
        canMessage
          ? (theme, className) => (
              <MessageForm
                theme={theme}
                className={className}
                defaultEmail={session?.email}
                onSend={(values) => sendLead(profile.id, { ...values, visitorUserId })}
              />
            )
          : undefined
      }
    />
  );
}
