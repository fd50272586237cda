type Catalogue = { [key: string]: string | Catalogue };

function texts(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of texts(value, path)) flat.set(inner, text);
  }
  return flat;
}

/** what an element says itself: its own text (not its children's), its label, title and placeholder */
function said(element: Element): string[] {
  const own = [...element.childNodes]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent ?? '')
    .join('');
  return [own, ...['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? '')]
    .map((text) => text.trim())
    .filter(Boolean);
}

/**
 * the catalogue's English texts a screen in another language still shows: each text, label, title or
 * placeholder that is exactly one of them. a text with placeholders, and one the other language says
 * too ("Status" in German), are left out; so are the texts `others` names (a shared component's own
 * words, another part's to translate, that happen to be the catalogue's too)
 */
export function englishLeft(
  root: Element,
  english: Catalogue,
  translated: Catalogue,
  others: readonly string[] = [],
): string[] {
  const other = new Set([...texts(translated).values(), ...others]);
  const left = new Set(
    [...texts(english).values()].filter((text) => !text.includes('{{') && !other.has(text)),
  );
  return [...root.querySelectorAll('*')].flatMap(said).filter((text) => left.has(text));
}
