import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { CardTheme } from './card-theme';

/** 'Built with ... Create yours', back to the landing page (plain links: the card is a server page) */
export function CardFooter({ theme, className }: { theme: CardTheme; className?: string }) {
  const { t } = useTranslation('card');
  return (
    <footer
      className={cn('flex flex-wrap items-center justify-center gap-x-1.5 gap-y-1 py-10 text-sm', className)}
    >
      <span className={theme.subtle}>{t('footer.builtWith')}</span>
      <a href="/" className={cn('inline-flex items-center gap-1.5 font-semibold', theme.heading)}>
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <rect x="3" y="6" width="18" height="12" rx="2.5" />
          <path d="M7 10.5h5M7 13.5h3" strokeLinecap="round" />
        </svg>
        <span className="normal-case tracking-normal">Cardcraft</span>
      </a>
      <span aria-hidden="true" className={theme.subtle}>
        ·
      </span>
      <a href="/" className={cn('font-medium', theme.link)}>
        {t('footer.createYours')}
      </a>
    </footer>
  );
}
