// the one rule for addresses a visitor may follow or a card may load: the web renderer applies it when
// it draws a card, the API when it stores one. no class-validator here, so the public card's bundle
// can import it without the validation library.

/** parses an absolute http(s) address; anything else (javascript:, data:, relative) is refused */
export function parseHttpUrl(value: string | null | undefined): URL | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** the trimmed text of a non-blank string, else null (a missing or blank value is empty, not wrong) */
export function nonBlankText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

const MAILTO = /^mailto:[^\s]+$/i;
const TEL = /^tel:[+\d\s().-]+$/i;

/** links a visitor may follow: http(s), mailto and tel only; the address to link to, or null */
export function safeHref(value: unknown): string | null {
  const raw = nonBlankText(value);
  if (!raw) return null;
  if (MAILTO.test(raw) || TEL.test(raw)) return raw;
  return parseHttpUrl(raw)?.toString() ?? null;
}
