import type { TFunction } from 'i18next';
import {
  AA_TEXT_CONTRAST,
  normalizeTheme,
  readableOn,
  THEME_QR_COLORS,
  type ProfileResponse,
  type TeamBrandResponse,
} from '@cardcraft/contracts';

export interface SignatureSource {
  displayName: string;
  /** the card's tagline, shown as a job title */
  title: string | null;
  company: string | null;
  email: string | null;
  phone: string | null;
  /** an absolute http(s) address of the photo, or null */
  photoUrl: string | null;
  /** the card's address with src=signature */
  cardUrl: string;
  /** #rrggbb, dark enough for text on white */
  accent: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** text made safe for HTML content and quoted attributes */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** an http(s) address as written, or null for anything else (javascript:, data:, junk) */
function safeUrl(address: string | null): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** the card's address as a signature links it: src=signature, so analytics count the channel */
export function signatureCardUrl(publicBaseUrl: string, handle: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/u/${encodeURIComponent(handle)}?src=signature`;
}

/**
 * the accent of a signature: a team card's brand colour, made dark enough to read as a link on the
 * white of most mail (AA, as the cards make it), else the card's theme's colour
 */
function signatureAccent(profile: Pick<ProfileResponse, 'theme'>, brand: TeamBrandResponse | null): string {
  const primary = brand?.primaryColor?.toLowerCase();
  if (primary && /^#[0-9a-f]{6}$/.test(primary)) return readableOn(primary, ['#ffffff'], AA_TEXT_CONTRAST);
  return THEME_QR_COLORS[normalizeTheme(profile.theme)].foreground;
}

/**
 * what a signature is built from: the card, with its photo made absolute against the card's site; a
 * team card's in its brand (the colour, and the company when the card names none)
 */
export function signatureSource(
  profile: ProfileResponse,
  publicBaseUrl: string,
  brand: TeamBrandResponse | null = null,
): SignatureSource {
  let photoUrl: string | null = null;
  if (profile.media.avatarUrl) {
    try {
      photoUrl = new URL(profile.media.avatarUrl, publicBaseUrl).toString();
    } catch {
      photoUrl = null;
    }
  }
  return {
    displayName: profile.displayName,
    title: profile.tagline,
    company: profile.contact.company || brand?.companyName || null,
    email: profile.contact.email,
    phone: profile.contact.phoneNumber,
    photoUrl,
    cardUrl: signatureCardUrl(publicBaseUrl, profile.handle),
    accent: signatureAccent(profile, brand),
  };
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';

/**
 * the signature as mail clients render it: one table, inline styles only, no classes, no CSS
 * blocks, no scripts; a photo with its size written out (Outlook ignores CSS sizes); every text escaped.
 * its own words ("View my digital card") are in the dashboard's language: the owner's
 */
export function signatureHtml(source: SignatureSource, t: TFunction): string {
  const cardUrl = escapeHtml(safeUrl(source.cardUrl) ?? '');
  const accent = /^#[0-9a-f]{6}$/i.test(source.accent) ? source.accent : '#111827';
  const photo = safeUrl(source.photoUrl);
  const line = (html: string, style = 'color:#4b5563;') =>
    `<tr><td style="${FONT}font-size:13px;line-height:18px;${style}padding:0;">${html}</td></tr>`;
  const rows: string[] = [
    line(escapeHtml(source.displayName), 'color:#111827;font-size:16px;line-height:22px;font-weight:bold;'),
  ];
  const role = [source.title, source.company].filter((part): part is string => Boolean(part?.trim()));
  if (role.length > 0) rows.push(line(role.map((part) => escapeHtml(part.trim())).join(' &middot; ')));
  const contact: string[] = [];
  if (source.email) {
    contact.push(
      `<a href="mailto:${escapeHtml(source.email)}" style="color:#4b5563;text-decoration:none;">${escapeHtml(source.email)}</a>`,
    );
  }
  if (source.phone) {
    contact.push(
      `<a href="tel:${escapeHtml(source.phone.replace(/[^\d+]/g, ''))}" style="color:#4b5563;text-decoration:none;">${escapeHtml(source.phone)}</a>`,
    );
  }
  if (contact.length > 0) rows.push(line(contact.join(' &nbsp;|&nbsp; ')));
  rows.push(
    `<tr><td style="${FONT}font-size:13px;line-height:18px;padding:8px 0 0 0;"><a href="${cardUrl}" style="color:${accent};font-weight:bold;text-decoration:none;">${escapeHtml(t('cardTools.signature.viewCard', { ns: 'common' }))} &rarr;</a></td></tr>`,
  );
  const photoCell = photo
    ? `<td valign="top" style="padding:0 14px 0 0;vertical-align:top;"><a href="${cardUrl}"><img src="${escapeHtml(photo)}" width="72" height="72" alt="${escapeHtml(source.displayName)}" style="display:block;width:72px;height:72px;border:0;border-radius:36px;"></a></td>`
    : '';
  return [
    '<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;">',
    '<tr>',
    photoCell,
    `<td valign="top" style="vertical-align:top;border-left:3px solid ${accent};padding:0 0 0 12px;">`,
    '<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;">',
    ...rows,
    '</table>',
    '</td>',
    '</tr>',
    '</table>',
  ].join('');
}

/** the same signature as plain text, for clients that paste text only */
export function signatureText(source: SignatureSource, t: TFunction): string {
  const role = [source.title, source.company].filter((part): part is string => Boolean(part?.trim()));
  const contact = [source.email, source.phone].filter((part): part is string => Boolean(part));
  const card = t('cardTools.signature.cardLine', { ns: 'common', url: source.cardUrl });
  return [source.displayName, role.join(' · '), contact.join(' | '), card].filter(Boolean).join('\n');
}
