import { useTranslation } from 'react-i18next';
import { BadgeCheck, Eye, UserRound } from 'lucide-react';
import type { ViewerType } from '@cardcraft/contracts/responses';
import { cn } from '@/lib/utils';
import type { CardTheme } from './card-theme';

const BADGE_ICONS: Record<ViewerType, typeof Eye> = { owner: BadgeCheck, user: UserRound, guest: Eye };

/** who is looking at the card */
export function ViewerBadge({ viewer, theme }: { viewer: ViewerType; theme: CardTheme }) {
  const { t } = useTranslation('card');
  const Icon = BADGE_ICONS[viewer];
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 px-3 py-1 text-xs font-medium', theme.chip)}
      data-testid="viewer-badge"
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {t(`viewer.${viewer}`)}
    </span>
  );
}
