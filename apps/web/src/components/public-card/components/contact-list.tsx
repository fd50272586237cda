import { useTranslation } from 'react-i18next';
import { Building2, Globe, Mail, MapPin, Phone } from 'lucide-react';
import type { ContactResponse } from '@cardcraft/contracts/responses';
import { cn } from '@/lib/utils';
import type { CardActions } from '../hooks/use-card-actions';
import { displayUrl, mailHref, telHref, websiteHref } from '../lib/contact-links';
import type { CardTheme } from './card-theme';

type ContactKey = 'email' | 'phone' | 'location' | 'website' | 'company';

interface Row {
  key: ContactKey;
  icon: typeof Mail;
  text: string;
  href?: string;
  external?: boolean;
  onClick?: () => void;
  /** the engagement event the page's enhancement script records for a click, without React */
  track?: 'email_clicked' | 'call_clicked' | 'link_clicked';
}

function rowsOf(contact: ContactResponse, actions: CardActions, includeCompany: boolean): Row[] {
  const rows: Row[] = [];
  const email = contact.email?.trim();
  if (email) {
    rows.push({
      key: 'email',
      icon: Mail,
      text: email,
      href: mailHref(email),
      onClick: () => actions.contactRowClicked('email'),
      track: 'email_clicked',
    });
  }
  const phone = contact.phoneNumber?.trim();
  if (phone) {
    rows.push({
      key: 'phone',
      icon: Phone,
      text: phone,
      href: telHref(phone),
      onClick: () => actions.contactRowClicked('call'),
      track: 'call_clicked',
    });
  }
  const location = contact.location?.trim();
  if (location) rows.push({ key: 'location', icon: MapPin, text: location });
  const website = contact.website?.trim();
  const href = website ? websiteHref(website) : null;
  if (website) {
    rows.push({
      key: 'website',
      icon: Globe,
      text: href ? displayUrl(href) : website,
      href: href ?? undefined,
      external: true,
      onClick: href ? () => actions.linkClicked(href) : undefined,
      track: href ? 'link_clicked' : undefined,
    });
  }
  const company = contact.company?.trim();
  if (includeCompany && company) rows.push({ key: 'company', icon: Building2, text: company });
  return rows;
}

/** email (mail link), phone (call link), location (plain) and website (new tab) */
export function ContactList({
  contact,
  actions,
  theme,
  compact = false,
  columns = false,
  includeCompany = false,
}: {
  contact: ContactResponse;
  actions: CardActions;
  theme: CardTheme;
  compact?: boolean;
  columns?: boolean;
  includeCompany?: boolean;
}) {
  const { t } = useTranslation('card');
  const rows = rowsOf(contact, actions, includeCompany);
  if (rows.length === 0) return null;
  return (
    <ul
      className={cn(
        'grid grid-cols-1',
        compact ? 'gap-1.5' : 'gap-1',
        columns && 'sm:grid-cols-2 sm:gap-x-3',
      )}
    >
      {rows.map(({ key, icon: Icon, text, href, external, onClick, track }) => {
        const body = (
          <>
            <span
              className={cn(
                'inline-flex shrink-0 items-center justify-center',
                compact ? 'size-4' : cn('size-10', theme.iconButton, 'pointer-events-none'),
              )}
              aria-hidden="true"
            >
              <Icon className={compact ? 'size-4' : 'size-[18px]'} />
            </span>
            <span className="min-w-0">
              <span
                className={cn(
                  'block text-[11px] font-medium uppercase tracking-wider',
                  theme.subtle,
                  compact && 'sr-only',
                )}
              >
                {t(`contact.${key}`)}
              </span>
              <span className={cn('block truncate', compact ? 'text-sm' : 'text-[15px]')}>{text}</span>
            </span>
          </>
        );
        const rowClass = cn('flex min-h-11 items-center gap-3 py-1', compact ? 'min-h-8 py-0.5' : 'px-1');
        return (
          <li key={key} data-testid={`contact-${key}`}>
            {href ? (
              <a
                href={href}
                onClick={onClick}
                data-track={track}
                className={cn(rowClass, 'rounded-lg transition-opacity hover:opacity-80')}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {body}
                {external ? <span className="sr-only"> {t('sections.newTab')}</span> : null}
              </a>
            ) : (
              <div className={rowClass}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
