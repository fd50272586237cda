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
export function describeCard(card: {
  displayName: string;
  tagline: string | null;
  bio: string | null;
  contact: { company: string | null };
}): string {
  const lead = [card.tagline?.trim(), card.contact.company?.trim()].filter(Boolean).join(' at ');
  const text = [lead || `${card.displayName}'s digital business card`, card.bio?.trim()]
    .filter(Boolean)
    .join('. ');
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 160 ? `${flat.slice(0, 157).trimEnd()}...` : flat;
}
