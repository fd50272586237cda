import { isIP } from 'node:net';
import { normalizeTheme } from '@cardcraft/contracts';
import type { ProfileRecord } from '@cardcraft/storage';
import { isPrivateAddress } from '../qr/remote-image';
import { hexOf, passCardUrl, THEME_PASS_COLORS } from './pass-basics';

// a card as a Google Wallet generic pass, in the terms of the Wallet API (walletobjects v1) and of its
// "Save to Google Wallet" JWT

/** the one class every card's pass belongs to, per issuer */
export const GOOGLE_WALLET_CLASS_SUFFIX = 'cardcraft-business-card';
/** the language of the pass's texts, which are the card's own */
const LANGUAGE = 'en-US';

interface LocalizedString {
  defaultValue: { language: string; value: string };
}

interface WalletImage {
  sourceUri: { uri: string };
  contentDescription: LocalizedString;
}

export interface GenericClass {
  id: string;
}

export interface GenericObject {
  id: string;
  classId: string;
  state: 'ACTIVE';
  /** the top row, a business's name there */
  cardTitle: LocalizedString;
  /** the big line */
  header: LocalizedString;
  /** the small line above it */
  subheader?: LocalizedString;
  hexBackgroundColor: string;
  logo?: WalletImage;
  heroImage?: WalletImage;
  barcode: { type: 'QR_CODE'; value: string; alternateText: string };
  linksModuleData: { uris: { id: string; uri: string; description: string }[] };
}

export interface SaveToWalletClaims {
  iss: string;
  aud: 'google';
  typ: 'savetowallet';
  /** seconds since the epoch */
  iat: number;
  /** where the link may be opened from: the product's own origin */
  origins: string[];
  payload: { genericClasses: GenericClass[]; genericObjects: GenericObject[] };
}

export interface GoogleWalletIssuer {
  issuerId: string;
  serviceAccountEmail: string;
  /** PUBLIC_BASE_URL: the card's address and the link's origin */
  publicBaseUrl: string;
}

const text = (value: string): LocalizedString => ({ defaultValue: { language: LANGUAGE, value } });

export function googleWalletClassId(issuerId: string): string {
  return `${issuerId}.${GOOGLE_WALLET_CLASS_SUFFIX}`;
}

/**
 * the card's pass object, the same id whenever it is made: saving the card again names the object
 * already saved, so the wallet holds one pass per card, not a copy per save. ids take letters, digits,
 * '.', '_' and '-' only (a card's id is hexadecimal in both stores; anything else would become '_')
 */
export function googleWalletObjectId(issuerId: string, profileId: string): string {
  return `${issuerId}.card-${profileId.replace(/[^A-Za-z0-9._-]/g, '_')}`;
}

/**
 * an image address Google's servers can fetch: https on a public name or address. an uploaded image is
 * on PUBLIC_BASE_URL, so it qualifies when the product itself is public over https
 */
export function publicHttpsImage(address: string | null): string | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local = isIP(host)
    ? isPrivateAddress(host)
    : !host.includes('.') || /(^|\.)(localhost|local|internal)$/i.test(host);
  return local ? null : url.href;
}

function image(address: string | null, description: string): WalletImage | undefined {
  const uri = publicHttpsImage(address);
  return uri ? { sourceUri: { uri }, contentDescription: text(description) } : undefined;
}

/** the card's links on the pass's back: the card, then how to reach its owner */
function links(profile: ProfileRecord, cardUrl: string): GenericObject['linksModuleData']['uris'] {
  const { email, phoneNumber, website } = profile.contact;
  const phone = phoneNumber?.replace(/[^\d+]/g, '');
  return [
    { id: 'card', uri: cardUrl, description: 'Digital business card' },
    ...(email ? [{ id: 'email', uri: `mailto:${email}`, description: email }] : []),
    ...(phone ? [{ id: 'phone', uri: `tel:${phone}`, description: phoneNumber! }] : []),
    ...(website && /^https?:\/\//i.test(website)
      ? [{ id: 'website', uri: website, description: website }]
      : []),
  ];
}

/**
 * the card as a generic pass: the company (or the name) on top as a business's name, the name as the
 * title, the job title and company above it, the theme's colour, the photo as logo and the banner as
 * hero image when Google can fetch them, and a QR code to the card (src=google-wallet)
 */
export function genericObjectOf(profile: ProfileRecord, issuer: GoogleWalletIssuer): GenericObject {
  const cardUrl = passCardUrl(issuer.publicBaseUrl, profile.handle, 'google-wallet');
  const company = profile.contact.company?.trim() || null;
  const role = [profile.tagline?.trim(), company].filter(Boolean).join(' · ');
  const logo = image(profile.media.avatarUrl, profile.displayName);
  const heroImage = image(profile.media.bannerUrl, `Banner of ${profile.displayName}`);
  return {
    id: googleWalletObjectId(issuer.issuerId, profile.id),
    classId: googleWalletClassId(issuer.issuerId),
    state: 'ACTIVE',
    cardTitle: text(company ?? profile.displayName),
    header: text(profile.displayName),
    ...(role ? { subheader: text(role) } : {}),
    hexBackgroundColor: hexOf(THEME_PASS_COLORS[normalizeTheme(profile.theme)].background),
    ...(logo ? { logo } : {}),
    ...(heroImage ? { heroImage } : {}),
    barcode: { type: 'QR_CODE', value: cardUrl, alternateText: `@${profile.handle}` },
    linksModuleData: { uris: links(profile, cardUrl) },
  };
}

/** the claims of the card's "Save to Google Wallet" JWT, the class with the object (Google makes both) */
export function saveToWalletClaims(
  profile: ProfileRecord,
  issuer: GoogleWalletIssuer,
  now: Date,
): SaveToWalletClaims {
  return {
    iss: issuer.serviceAccountEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(now.getTime() / 1000),
    origins: [new URL(issuer.publicBaseUrl).origin],
    payload: {
      genericClasses: [{ id: googleWalletClassId(issuer.issuerId) }],
      genericObjects: [genericObjectOf(profile, issuer)],
    },
  };
}
