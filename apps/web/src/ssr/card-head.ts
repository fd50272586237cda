import type { TFunction } from 'i18next';
import { LANGUAGE_PARAMETER } from '@cardcraft/contracts/card-page';
import { LANGUAGES, type Language } from '@cardcraft/contracts/languages';
import { CARD_PREVIEW_SIZE, cardPreviewPath } from '@cardcraft/contracts/media';
import type { PublicProfileResponse } from '@cardcraft/contracts/responses';
import { describeCard } from '@/components/public-card/hooks/use-page-meta';
import { websiteHref } from '@/components/public-card/lib/contact-links';
import { shareTitle } from '@/components/public-card/lib/share';

/** what the head of a card's page says about it: search results, link previews, contact apps */
export interface CardHead {
  title: string;
  description: string;
  url: string;
  image: string | null;
  /** the drawn preview's size, known before it is fetched; null for the owner's own image */
  imageSize: { width: number; height: number } | null;
  jsonLd: string;
  /** the page in each language (hreflang), and the address that lets the browser choose (x-default) */
  alternates: { language: Language | 'x-default'; url: string }[];
}

/**
 * JSON for a <script type="application/ld+json">: the HTML parser ends a script at the first "</script",
 * whatever the JSON means, so every '<' (and '>', '&' and the two line separators JavaScript once
 * refused) is written as a unicode escape, which JSON reads as the same character
 */
export function scriptSafeJson(value: unknown): string {
  let json = '';
  for (const char of JSON.stringify(value)) {
    const code = char.charCodeAt(0);
    json +=
      char === '<' || char === '>' || char === '&' || code === 0x2028 || code === 0x2029
        ? `\\u${code.toString(16).padStart(4, '0')}`
        : char;
  }
  return json;
}

function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** schema.org's Person for the card's owner */
export function personJsonLd(profile: PublicProfileResponse, url: string): Record<string, unknown> {
  const website = present(profile.contact.website);
  const websiteUrl = website ? websiteHref(website) : null;
  const sameAs = [
    ...profile.socialLinks.map((link) => present(link.url)).filter((link): link is string => !!link),
    ...(websiteUrl ? [websiteUrl] : []),
  ];
  const company = present(profile.contact.company);
  const person: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: profile.displayName,
    url,
    jobTitle: present(profile.tagline),
    worksFor: company ? { '@type': 'Organization', name: company } : undefined,
    email: present(profile.contact.email),
    telephone: present(profile.contact.phoneNumber),
    address: present(profile.contact.location),
    image: present(profile.media.avatarUrl),
    description: present(profile.bio),
    sameAs: sameAs.length > 0 ? sameAs : undefined,
  };
  return person;
}

/** the same page in every language: ?lang= chooses one; the bare address lets the browser choose */
export function languageAlternates(url: string): CardHead['alternates'] {
  return [
    ...LANGUAGES.map((language) => ({ language, url: `${url}?${LANGUAGE_PARAMETER}=${language}` })),
    { language: 'x-default' as const, url },
  ];
}

export function cardHead(profile: PublicProfileResponse, baseUrl: string, t: TFunction): CardHead {
  const url = `${baseUrl}/u/${encodeURIComponent(profile.handle)}`;
  const ownImage = present(profile.media.ogImageUrl);
  return {
    title: shareTitle(profile.displayName, t),
    description: describeCard(profile, t),
    url,
    // the owner's social preview image, else the one the server draws of the card (name, title,
    // company, avatar, theme), whose address changes whenever the drawing would
    image: ownImage ?? `${baseUrl}${cardPreviewPath(profile)}`,
    imageSize: ownImage ? null : CARD_PREVIEW_SIZE,
    jsonLd: scriptSafeJson(personJsonLd(profile, url)),
    alternates: languageAlternates(url),
  };
}
