import { useTranslation } from 'react-i18next';
import type { SocialLinkResponse } from '@cardcraft/contracts/responses';
import { cn } from '@/lib/utils';
import type { CardActions } from '../hooks/use-card-actions';
import { safeHref } from '../lib/blocks';
import { matchSocialPlatform, socialLinkLabel } from '../lib/social';
import type { CardTheme } from './card-theme';
import { SocialIcon } from './social-icon';

/**
 * icon buttons, one per link in their order, each opening in a new tab. a highlighted link stands out by
 * more than its colour: a wider button in the theme's primary style, with the link's name written beside
 * its icon.
 */
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
  const { t } = useTranslation('card');
  const usable = links
    .map((link, index) => ({ link, index, href: safeHref(link.url) }))
    .filter((item): item is { link: SocialLinkResponse; index: number; href: string } => item.href !== null)
    .sort((a, b) => a.link.order - b.link.order || a.index - b.index);
  if (usable.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label={t('sections.socialLinks')}>
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
              aria-label={t('sections.opensInNewTab', { label })}
              title={label}
              data-provider={link.provider}
              data-highlight={link.highlight ? '' : undefined}
              className={cn(
                'inline-flex items-center justify-center transition',
                size === 'sm' ? 'h-10' : 'h-11',
                link.highlight
                  ? cn('max-w-full gap-2 px-4 text-sm font-semibold', theme.primaryButton)
                  : cn(size === 'sm' ? 'w-10' : 'w-11', theme.iconButton),
              )}
            >
              <SocialIcon
                platform={matchSocialPlatform(link.provider, link.url)}
                size={size === 'sm' ? 18 : 20}
              />
              {link.highlight ? (
                <span className="min-w-0 truncate" aria-hidden="true">
                  {label}
                </span>
              ) : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
