import { useTranslation } from 'react-i18next';
import type { CSSProperties } from 'react';
import { Building2 } from 'lucide-react';
import type { CardBrand } from '@cardcraft/contracts/team.dto';
import type { PublicProfileResponse } from '@cardcraft/contracts/responses';
import type { Theme } from '@cardcraft/contracts/themes';
import { cn } from '@/lib/utils';
import type { CardTheme } from './card-theme';

// a team card's colours come from its brand at run time, so they cannot be classes of their own: the
// card's root sets them as custom properties, and the few classes below read them. the card page's
// stylesheet is built from these sources, so every class must be written out whole.

/** each theme's primary button without its colours: the shape and the type stay the theme's */
const BUTTON_SHAPE: Record<Theme, string> = {
  aurora: 'rounded-full font-semibold',
  noir: 'rounded-none text-xs font-semibold uppercase tracking-[0.2em]',
  solar: 'rounded-full font-semibold',
};

/** the custom properties a branded card's root sets; none for a card without a brand colour */
export function brandStyle(brand: CardBrand | null | undefined): CSSProperties {
  if (!brand?.accentColor) return {};
  return {
    '--card-accent': brand.accentColor,
    '--card-on-accent': brand.onAccentColor ?? '#ffffff',
  } as CSSProperties;
}

/**
 * the theme with the brand's colour on its primary buttons and highlights (section labels, links, the
 * checkbox, quote marks and the focus ring). the colour is AA against the theme's grounds and its text
 * AA against it (cardBrandColors), so every pairing the theme drew stays readable.
 */
export function brandTheme(theme: CardTheme, brand: CardBrand | null | undefined): CardTheme {
  if (!brand?.accentColor) return theme;
  return {
    ...theme,
    primaryButton: cn(
      BUTTON_SHAPE[theme.name],
      'bg-(--card-accent) text-(--card-on-accent) hover:brightness-110',
    ),
    sectionLabel: cn(theme.sectionLabel, 'text-(--card-accent)'),
    link: cn(theme.link, 'text-(--card-accent) hover:text-(--card-accent)'),
    checkbox: 'accent-(--card-accent)',
    quoteMark: cn(theme.quoteMark, 'text-(--card-accent)'),
    ring: brand.accentColor,
  };
}

/** the company a branded card names: the team's, else the card's own */
function companyOf(profile: PublicProfileResponse): string | null {
  return profile.brand?.companyName?.trim() || profile.contact.company?.trim() || null;
}

/** whether the card shows the brand's line (logo, company) by its name instead of a plain company line */
export function showsBrandLine(profile: PublicProfileResponse): boolean {
  return Boolean(profile.brand && (profile.brand.logoUrl || profile.brand.companyName?.trim()));
}

/**
 * the company by the name: the team's logo (on white, which most logos are drawn for) and the company,
 * a link to the team's website when it has one; a building icon without a logo
 */
export function CompanyLine({
  profile,
  theme,
  className,
  onImage = false,
}: {
  profile: PublicProfileResponse;
  theme: CardTheme;
  className?: string;
  /** over the split layout's photo: white text */
  onImage?: boolean;
}) {
  const { t } = useTranslation('card');
  const company = companyOf(profile);
  const logo = profile.brand?.logoUrl ?? null;
  const website = profile.brand?.website ?? null;
  if (!company && !logo) return null;
  return (
    <p
      className={cn(
        'inline-flex max-w-full items-center gap-2 text-sm font-medium',
        onImage ? 'text-white/90' : theme.subtle,
        className,
      )}
      data-card-brand={profile.brand ? '' : undefined}
    >
      {logo ? (
        <span className="inline-flex h-7 shrink-0 items-center rounded-md bg-white px-1.5 ring-1 ring-black/10">
          <img
            src={logo}
            // beside the company's name the logo adds nothing to hear
            alt={company ? '' : t('sections.companyLogo')}
            className="h-5 w-auto max-w-24 object-contain"
            decoding="async"
          />
        </span>
      ) : (
        <Building2 className="size-4 shrink-0" aria-hidden="true" />
      )}
      {company && website ? (
        <a
          href={website}
          target="_blank"
          rel="noopener noreferrer"
          className="underline-offset-4 hover:underline"
        >
          {company}
          <span className="sr-only"> {t('sections.newTab')}</span>
        </a>
      ) : company ? (
        <span>{company}</span>
      ) : null}
    </p>
  );
}
