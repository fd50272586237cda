import { useTranslation } from 'react-i18next';
import { Eye, PenLine } from 'lucide-react';
import type { PublicProfileResponse } from '@cardcraft/contracts/responses';
import { cn } from '@/lib/utils';
import type { CardTheme } from './card-theme';

/** the line above an owner's own card: whether visitors can see it, and the way to the editor */
export function OwnerNotice({ profile, theme }: { profile: PublicProfileResponse; theme: CardTheme }) {
  const { t } = useTranslation('card');
  const draft = !profile.publishedAtUtc;
  return (
    <div className={cn('border-b px-4 py-2.5 text-sm', theme.divider, theme.dock)}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className={cn('inline-flex items-center gap-2', theme.muted)}>
          <Eye className="size-4 shrink-0" aria-hidden="true" />
          {draft ? t('owner.draft') : t('owner.published')}
        </p>
        {/* a plain link: the card is a server page, the editor is the single-page app */}
        <a
          href={`/dashboard/profile/${encodeURIComponent(profile.id)}`}
          className={cn('inline-flex items-center gap-1.5 font-medium', theme.link)}
        >
          <PenLine className="size-4" aria-hidden="true" />
          {t('owner.edit')}
        </a>
      </div>
    </div>
  );
}
