import { nameWords } from './names';
import type { ContactResponse, MediaResponse, SocialLinkResponse } from './responses';

/** what a contact file is built from: the public profile, or the demo's sample data */
export interface VCardSource {
  handle: string;
  displayName: string;
  tagline: string | null;
  bio: string | null;
  contact: ContactResponse;
  media: Pick<MediaResponse, 'avatarUrl'>;
  socialLinks: Pick<SocialLinkResponse, 'provider' | 'url'>[];
}

export interface VCardOptions {
  /** the card's own public address, added as one more URL line */
  profileUrl?: string;
  /**
   * the avatar as a small JPEG, base64: embedded in the file, since contact apps show an embedded
   * photo and ignore a photo's web address. without it the avatar's address is written instead.
   */
  photoJpegBase64?: string;
}

const CRLF = '\r\n';
/** rfc 2426 asks for lines of at most 75 octets, continued with a leading space */
const MAX_LINE_OCTETS = 75;

/** escapes a text value: backslash, line breaks, commas and semicolons */
export function escapeVCardText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;');
}

/** uri values are not text: only line breaks are removed, so a link stays clickable */
function uriValue(value: string): string {
  return value.replace(/[\r\n]+/g, '').trim();
}

export interface NameParts {
  family: string;
  given: string;
  additional: string;
}

/**
 * first name word given name, last name word family name, the words between additional names. emoji
 * and bracketed parts are not names: "Ada Lovelace 🦄" has the family name Lovelace, "Maxi (side
 * project)" only the given name Maxi. a name with no such word at all is kept whole as the given name.
 */
export function splitName(displayName: string): NameParts {
  const words = nameWords(displayName);
  if (words.length === 0) return { family: '', given: displayName.trim(), additional: '' };
  if (words.length === 1) return { family: '', given: words[0], additional: '' };
  return {
    given: words[0],
    family: words[words.length - 1],
    additional: words.slice(1, -1).join(' '),
  };
}

function utf8Length(text: string): number {
  let octets = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    octets += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return octets;
}

/** folds a content line at 75 octets without splitting a character */
export function foldLine(line: string): string {
  if (utf8Length(line) <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char);
    // continuation lines start with a space, which counts towards their 75 octets
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function socialType(provider: string): string {
  const type = provider
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return type || 'other';
}

/** builds a vCard 3.0 document, CRLF line endings, for the given card */
export function buildVCard(source: VCardSource, options: VCardOptions = {}): string {
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  const fullName = clean(source.displayName) ?? source.handle;
  const name = splitName(fullName);
  lines.push(
    `N:${[name.family, name.given, name.additional, '', ''].map(escapeVCardText).join(';')}`,
    `FN:${escapeVCardText(fullName)}`,
  );

  const company = clean(source.contact.company);
  if (company) lines.push(`ORG:${escapeVCardText(company)}`);
  const tagline = clean(source.tagline);
  if (tagline) lines.push(`TITLE:${escapeVCardText(tagline)}`);
  const email = clean(source.contact.email);
  if (email) lines.push(`EMAIL;TYPE=INTERNET:${escapeVCardText(email)}`);
  const phone = clean(source.contact.phoneNumber);
  if (phone) lines.push(`TEL;TYPE=CELL:${escapeVCardText(phone)}`);
  const website = clean(source.contact.website);
  if (website) lines.push(`URL:${uriValue(website)}`);
  const location = clean(source.contact.location);
  // the location is free text: it goes whole into the locality component of the work address
  if (location) lines.push(`ADR;TYPE=WORK:;;;${escapeVCardText(location)};;;`);
  const bio = clean(source.bio);
  if (bio) lines.push(`NOTE:${escapeVCardText(bio)}`);
  const avatar = clean(source.media.avatarUrl);
  if (options.photoJpegBase64) {
    // vCard 3.0's inline binary: the base64 text folded like any other line
    lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${options.photoJpegBase64.replace(/[^A-Za-z0-9+/=]/g, '')}`);
  } else if (avatar && /^https?:\/\//i.test(avatar)) {
    lines.push(`PHOTO;VALUE=URI:${uriValue(avatar)}`);
  }

  for (const link of source.socialLinks) {
    const url = clean(link.url);
    if (!url) continue;
    lines.push(`X-SOCIALPROFILE;TYPE=${socialType(link.provider)}:${uriValue(url)}`);
  }
  if (options.profileUrl) lines.push(`URL;TYPE=Cardcraft:${uriValue(options.profileUrl)}`);

  lines.push('END:VCARD');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

export function vCardFileName(handle: string): string {
  return `${handle}.vcf`;
}
