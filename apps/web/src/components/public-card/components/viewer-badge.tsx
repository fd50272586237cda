import { BadgeCheck, Eye, UserRound } from 'lucide-react';
import type { ViewerType } from '@cardcraft/contracts/responses';
import { cn } from '@/lib/utils';
import type { CardTheme } from './card-theme';

const BADGES: Record<ViewerType, { label: string; icon: typeof Eye }> = {
  owner: { label: 'Your Profile', icon: BadgeCheck },
  user: { label: 'Viewing as User', icon: UserRound },
  guest: { label: 'Guest View', icon: Eye },
};

/** who is looking at the card */
export function ViewerBadge({ viewer, theme }: { viewer: ViewerType; theme: CardTheme }) {
  const { label, icon: Icon } = BADGES[viewer];
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 px-3 py-1 text-xs font-medium', theme.chip)}
      data-testid="viewer-badge"
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}
