import { useTranslation } from 'react-i18next';
import { Download, Mail, Phone, Share2 } from 'lucide-react';
import type { ContactResponse } from '@cardcraft/contracts/responses';
import { cn } from '@/lib/utils';
import type { CardActions } from '../hooks/use-card-actions';
import { mailHref, telHref } from '../lib/contact-links';
import { vCardFileName } from '../lib/vcard';
import type { CardTheme } from './card-theme';

export type ActionBarVariant = 'stacked' | 'row';

const control =
  'inline-flex h-12 items-center justify-center gap-2 whitespace-nowrap px-4 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 [&_svg]:size-[18px] [&_svg]:shrink-0';

/**
 * Save Contact, Share, Email and Call (the last two only where a value exists). on a phone the bar is
 * docked at the bottom of the screen, within thumb reach; from the small breakpoint up it sits in the card.
 */
export function ActionBar({
  handle,
  contact,
  actions,
  theme,
  variant,
}: {
  handle: string;
  contact: ContactResponse;
  actions: CardActions;
  theme: CardTheme;
  variant: ActionBarVariant;
}) {
  const { t } = useTranslation('card');
  const email = contact.email?.trim();
  const phone = contact.phoneNumber?.trim();
  const secondary = cn(
    control,
    theme.secondaryButton,
    'w-12 px-0 max-[359px]:w-11 sm:w-auto sm:px-4',
    variant === 'stacked' ? 'sm:flex-1' : 'sm:flex-none',
  );
  const saveClass = cn(
    control,
    theme.primaryButton,
    // on the narrowest phones (320 px) the label keeps its room without the icon
    'min-w-0 flex-1 max-[359px]:px-3 max-[359px]:tracking-[0.1em] max-[359px]:[&_svg]:hidden',
    variant === 'stacked' && 'sm:basis-full',
  );
  return (
    <div
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 px-4 pt-3 pb-[calc(env(safe-area-inset-bottom)+0.75rem)] sm:static sm:z-auto sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none',
        theme.dock,
      )}
      data-testid="card-actions"
    >
      <div
        className={cn(
          'mx-auto flex max-w-xl items-center gap-2 max-[359px]:gap-1.5',
          variant === 'stacked' ? 'sm:flex-wrap' : 'sm:max-w-none',
        )}
      >
        {actions.contactFileUrl ? (
          // a real download link, so the contact saves without any script; with one, the click is counted
          <a
            href={actions.contactFileUrl}
            download={vCardFileName(handle)}
            data-card-action="save-contact"
            className={saveClass}
          >
            <Download aria-hidden="true" />
            {t('actions.saveContact')}
          </a>
        ) : (
          <button type="button" onClick={actions.saveContact} className={saveClass}>
            <Download aria-hidden="true" />
            {t('actions.saveContact')}
          </button>
        )}
        {email ? (
          <a
            href={mailHref(email)}
            onClick={() => actions.contactInitiated('email')}
            data-card-action="email"
            className={secondary}
            aria-label={t('actions.email')}
          >
            <Mail aria-hidden="true" />
            <span className="hidden sm:inline">{t('actions.email')}</span>
          </a>
        ) : null}
        {phone ? (
          <a
            href={telHref(phone)}
            onClick={() => actions.contactInitiated('call')}
            data-card-action="call"
            className={secondary}
            aria-label={t('actions.call')}
          >
            <Phone aria-hidden="true" />
            <span className="hidden sm:inline">{t('actions.call')}</span>
          </a>
        ) : null}
        {/* the card's own link when no script runs; the share sheet or a copied link when one does */}
        <a
          href={actions.profileUrl}
          onClick={(event) => {
            event.preventDefault();
            void actions.share();
          }}
          data-card-action="share"
          className={secondary}
          aria-label={t('actions.share')}
        >
          <Share2 aria-hidden="true" />
          <span className="hidden sm:inline">{t('actions.share')}</span>
        </a>
      </div>
    </div>
  );
}
