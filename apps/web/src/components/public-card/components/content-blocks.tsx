import { useTranslation } from 'react-i18next';
import { translateCardMessage } from '@/i18n/card-messages';
import { ArrowUpRight, ExternalLink, Quote } from 'lucide-react';
import type { BlockResponse } from '@cardcraft/contracts/responses';
import { cn } from '@/lib/utils';
import type { CardActions } from '../hooks/use-card-actions';
import { toBlockView, visibleBlocks, type BlockView } from '../lib/blocks';
import { displayUrl } from '../lib/contact-links';
import type { CardTheme } from './card-theme';

function isExternal(href: string): boolean {
  return /^https?:/i.test(href);
}

function externalProps(href: string) {
  return isExternal(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

function Hints({ hints, theme }: { hints: string[]; theme: CardTheme }) {
  const { t } = useTranslation('card');
  if (hints.length === 0) return null;
  return (
    <div
      className={cn(
        'mt-3 border border-dashed px-4 py-3 text-sm',
        theme.name === 'noir' ? 'rounded-none' : 'rounded-xl',
        theme.divider,
        theme.subtle,
      )}
    >
      {hints.map((hint) => (
        <p key={hint}>{translateCardMessage(t, hint)}</p>
      ))}
    </div>
  );
}

function BlockBody({ view, theme, actions }: { view: BlockView; theme: CardTheme; actions: CardActions }) {
  switch (view.type) {
    case 'cta':
      return (
        <>
          {view.body ? (
            <p className={cn('mt-3 text-[15px] leading-relaxed', theme.muted)}>{view.body}</p>
          ) : null}
          {view.action ? (
            <a
              href={view.action.href}
              {...externalProps(view.action.href)}
              onClick={() => view.action && actions.linkClicked(view.action.href)}
              data-track="link_clicked"
              className={cn(
                'mt-4 inline-flex min-h-11 max-w-full items-center gap-2 px-5 py-2.5 text-sm font-medium transition',
                theme.primaryButton,
              )}
            >
              {view.action.label}
              <ArrowUpRight className="size-4 shrink-0" aria-hidden="true" />
            </a>
          ) : null}
        </>
      );
    case 'quote':
      return view.quote ? (
        <figure className="mt-3">
          <Quote className={cn('size-7', theme.quoteMark)} aria-hidden="true" />
          <blockquote
            className={cn(
              'mt-2 text-lg leading-relaxed font-medium',
              theme.name === 'solar' && 'font-serif text-xl italic',
            )}
          >
            {view.quote}
          </blockquote>
          {view.author ? (
            <figcaption className={cn('mt-3 text-sm', theme.subtle)}>— {view.author}</figcaption>
          ) : null}
        </figure>
      ) : null;
    case 'embed':
      if (view.embed.kind === 'frame') {
        return (
          <div className={cn('mt-4 overflow-hidden', theme.embedFrame)}>
            <iframe
              src={view.embed.src}
              title={`${view.title} (${view.embed.provider})`}
              loading="lazy"
              className="block h-[12rem] w-full border-0"
              allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
            />
          </div>
        );
      }
      if (view.embed.kind === 'link') {
        const href = view.embed.href;
        return (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => actions.linkClicked(href)}
            data-track="link_clicked"
            className={cn(
              'mt-3 inline-flex max-w-full items-center gap-2 text-sm font-medium break-all',
              theme.link,
            )}
          >
            <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
            {displayUrl(href)}
          </a>
        );
      }
      return null;
    case 'links':
      return view.links.length ? (
        <ul className="mt-4 grid grid-cols-1 gap-2">
          {view.links.map((link, index) => (
            <li key={`${link.href}-${index}`}>
              <a
                href={link.href}
                {...externalProps(link.href)}
                onClick={() => actions.linkClicked(link.href)}
                data-track="link_clicked"
                className={cn(
                  'group flex min-h-12 items-center justify-between gap-3 px-4 py-3 text-[15px] font-medium transition',
                  theme.secondaryButton,
                )}
              >
                <span className="min-w-0 truncate">{link.label}</span>
                <ArrowUpRight
                  className="size-4 shrink-0 transition-transform group-hover:-translate-y-0.5 group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null;
  }
}

/** 'More About Me': the visible blocks by order, each with its hints when it has nothing to show */
export function ContentBlocks({
  blocks,
  theme,
  actions,
  itemClassName,
  className,
}: {
  blocks: BlockResponse[];
  theme: CardTheme;
  actions: CardActions;
  itemClassName: string;
  className?: string;
}) {
  const { t } = useTranslation('card');
  const views = visibleBlocks(blocks).map(toBlockView);
  if (views.length === 0) return null;
  return (
    <section aria-labelledby="more-about-me" className={className}>
      <h2 id="more-about-me" className={cn('mb-4', theme.sectionLabel)}>
        {t('sections.more')}
      </h2>
      <div className="grid grid-cols-1 gap-4">
        {views.map((view) => (
          <article key={view.id} className={itemClassName} data-testid={`block-${view.type}`}>
            <h3 className={cn('text-lg', theme.heading)}>{view.title}</h3>
            {view.subtitle ? <p className={cn('mt-1 text-sm', theme.subtle)}>{view.subtitle}</p> : null}
            <BlockBody view={view} theme={theme} actions={actions} />
            <Hints hints={view.hints} theme={theme} />
          </article>
        ))}
      </div>
    </section>
  );
}
