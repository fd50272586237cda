import type { SocialLinkResponse } from '@cardcraft/contracts/responses';
import { cn } from '@/lib/utils';
import type { CardActions } from '../hooks/use-card-actions';
import { safeHref } from '../lib/blocks';
import { matchSocialPlatform, socialLinkLabel } from '../lib/social';
import type { CardTheme } from './card-theme';
import { SocialIcon } from './social-icon';

/** icon buttons, one per link in their order, each opening in a new tab */
export function SocialLinks({
  links,
  actions,
  theme,
  size = 'md',
  className,
}: {
  links: SocialLinkResponse[];
  actions: CardActions;
  theme: CardTheme;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const usable = links
    .map((link, index) => ({ link, index, href: safeHref(link.url) }))
    .filter((item): item is { link: SocialLinkResponse; index: number; href: string } => item.href !== null)
    .sort((a, b) => a.link.order - b.link.order || a.index - b.index);
  if (usable.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label="Social links">
      {usable.map(({ link, index, href }) => {
        const label = socialLinkLabel(link);
        return (
          <li key={`${link.provider}-${index}`}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => actions.linkClicked(href)}
              data-track="link_clicked"
              aria-label={`${label} (opens in a new tab)`}
              title={label}
              data-provider={link.provider}
              className={cn(
                'inline-flex items-center justify-center transition',
                size === 'sm' ? 'size-10' : 'size-11',
                theme.iconButton,
              )}
            >
              <SocialIcon
                platform={matchSocialPlatform(link.provider, link.url)}
                size={size === 'sm' ? 18 : 20}
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
