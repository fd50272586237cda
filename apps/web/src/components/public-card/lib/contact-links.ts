/** a mail link for an address */
export function mailHref(email: string): string {
  return `mailto:${email.trim()}`;
}

/** a call link: digits and a leading plus only, so every dialer reads it */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** a website as typed ("ada.dev") or as a full address; null when it cannot be a web link */
export function websiteHref(website: string): string | null {
  const trimmed = website.trim();
  if (!trimmed) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** the address without its scheme and trailing slash, for display */
export function displayUrl(href: string): string {
  return href.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');
}
