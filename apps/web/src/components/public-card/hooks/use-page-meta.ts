import type { TFunction } from 'i18next';
import { useEffect } from 'react';

function metaDescription(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  return meta;
}

/** sets the document title and meta description while the page is shown, then puts them back */
export function usePageMeta(title: string | null, description: string | null): void {
  useEffect(() => {
    if (!title) return;
    const previousTitle = document.title;
    const meta = metaDescription();
    const previousDescription = meta.content;
    document.title = title;
    if (description) meta.content = description;
    return () => {
      document.title = previousTitle;
      meta.content = previousDescription;
    };
  }, [title, description]);
}

/** a one-line summary of a card for search results and link previews */
export function describeCard(
  card: {
    displayName: string;
    tagline: string | null;
    bio: string | null;
    contact: { company: string | null };
  },
  t: TFunction,
): string {
  const title = card.tagline?.trim();
  const company = card.contact.company?.trim();
  const lead = title && company ? t('meta.descriptionAt', { ns: 'card', title, company }) : title || company;
  const text = [lead || t('meta.description', { ns: 'card', name: card.displayName }), card.bio?.trim()]
    .filter(Boolean)
    .join('. ');
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 160 ? `${flat.slice(0, 157).trimEnd()}...` : flat;
}
