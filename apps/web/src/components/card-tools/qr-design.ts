import {
  normalizeTheme,
  QR_GOOD_CONTRAST,
  QR_LOGO_MAX_BYTES,
  qrContrast,
  QrDesignMessages,
  readableOn,
  THEME_QR_COLORS,
  type ProfileResponse,
  type QrContrast,
} from '@cardcraft/contracts';
import type { QrDesign } from './get-profile-qr';

/** a colour as the server takes it: # and six hex digits */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** the images a logo can be, for the file picker's accept list and the check of the picked file */
export const QR_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** the code's colours of the card's theme */
export function themeQrColours(profile: Pick<ProfileResponse, 'theme'>): {
  foreground: string;
  background: string;
} {
  return THEME_QR_COLORS[normalizeTheme(profile.theme)];
}

const WHITE = '#ffffff';

export interface BrandQrColours {
  foreground: string;
  background: string;
  /** the brand's own colour, when it had to be darkened to scan */
  darkenedFrom: string | null;
  /** how the brand's own colour reads as a code on white */
  brandContrast: QrContrast;
}

/**
 * a team's code: its main colour on white, as printed matter carries it. a colour that would scan
 * poorly (under 4.5:1, or lighter than white) keeps its hue and is darkened until it scans well, as the
 * cards darken it to read; null without a colour, and the theme's colours are used
 */
export function brandQrColours(primary: string | null | undefined): BrandQrColours | null {
  if (!primary || !HEX_COLOUR.test(primary)) return null;
  const colour = primary.toLowerCase();
  const brandContrast = qrContrast(colour, WHITE);
  const foreground = brandContrast.status === 'ok' ? colour : readableOn(colour, [WHITE], QR_GOOD_CONTRAST);
  return {
    foreground,
    background: WHITE,
    darkenedFrom: foreground === colour ? null : colour,
    brandContrast,
  };
}

/** an SVG at 1024 px in the given colours (the theme's by default), without a logo */
export function initialDesign(
  profile: Pick<ProfileResponse, 'theme'>,
  colours: { foreground: string; background: string } = themeQrColours(profile),
): QrDesign {
  return {
    format: 'svg',
    width: 1024,
    foreground: colours.foreground,
    background: colours.background,
    logo: 'none',
    logoDataUrl: null,
  };
}

export interface QrDesignState {
  contrast: QrContrast;
  /** the colours can be scanned and the chosen logo is there: the code can be drawn and downloaded */
  drawable: boolean;
  /** the design's colours are the theme's, so there is nothing to reset */
  isThemeColours: boolean;
}

/** what the dialog says of a design: its contrast, whether it can be drawn, whether it has its preset colours */
export function qrDesignState(
  design: QrDesign,
  themeColours: { foreground: string; background: string },
): QrDesignState {
  const contrast = qrContrast(design.foreground, design.background);
  const logoReady = design.logo !== 'upload' || design.logoDataUrl !== null;
  return {
    contrast,
    drawable: contrast.status !== 'refused' && logoReady,
    isThemeColours:
      design.foreground === themeColours.foreground && design.background === themeColours.background,
  };
}

/** why a picked file cannot be the logo, or null when it can */
export function logoFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(QR_LOGO_TYPES as readonly string[]).includes(file.type)) return QrDesignMessages.logoType;
  if (file.size > QR_LOGO_MAX_BYTES) return QrDesignMessages.logoTooLarge;
  return null;
}

/** the downloaded file's name: the PNG says its width, the SVG has none */
export function qrFileName(handle: string, format: 'png' | 'svg', width: number): string {
  return format === 'png' ? `qr-${handle}-${width}.png` : `qr-${handle}.svg`;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
