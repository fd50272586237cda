// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { contrastRatio, relativeLuminance } from './colors';
import { type Theme } from './themes';

/** #1F2937 and #1f2937 are the same colour */
const Lowercase = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/** the printed sizes a QR code's PNG is offered in, in pixels a side */
export const QR_PRINT_WIDTHS = [512, 1024, 2048] as const;
export type QrPrintWidth = (typeof QR_PRINT_WIDTHS)[number];
export const QR_DESIGN_FORMATS = ['svg', 'png'] as const;
export type QrDesignFormat = (typeof QR_DESIGN_FORMATS)[number];
/** none; the card's avatar; an image the owner picked in the dialog */
export const QR_LOGOS = ['none', 'avatar', 'upload'] as const;
export type QrLogo = (typeof QR_LOGOS)[number];
/** the largest logo image accepted, in bytes (its data URL is a third longer) */
export const QR_LOGO_MAX_BYTES = 512 * 1024;

/** the code's colours by the card's theme: the theme's deepest colour on white */
export const THEME_QR_COLORS: Record<Theme, { foreground: string; background: string }> = {
  aurora: { foreground: '#4338ca', background: '#ffffff' },
  noir: { foreground: '#18181b', background: '#ffffff' },
  solar: { foreground: '#c2410c', background: '#ffffff' },
};

export const QrDesignMessages = {
  color: 'Use a colour like #1f2937',
  tooClose: 'These colours are too close to scan. Make the code darker or its background lighter.',
  inverted: 'The code must be darker than its background: many readers cannot scan a light code.',
  lowContrast: 'Low contrast: some phones may struggle to read this code. Scan it before you print.',
  logoMissing: 'Choose an image for the logo',
  logoType: 'The logo must be a PNG, JPEG, GIF or WebP image',
  logoTooLarge: `The logo must be at most ${QR_LOGO_MAX_BYTES / 1024} KB`,
  noAvatar: 'This profile has no avatar: upload a logo instead',
  avatarUnreadable: 'The avatar could not be read: upload the logo instead',
} as const;

const HEX = /^#[0-9a-f]{6}$/;

/** POST /api/profiles/{id}/qr: a designed code, as SVG or as PNG at a print size */
export class QrDesignDto {
  @IsOptional()
  @IsIn(QR_DESIGN_FORMATS, { message: 'format must be one of svg, png' })
  format: QrDesignFormat = 'svg';

  /** pixels a side of the PNG */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `width must be one of ${QR_PRINT_WIDTHS.join(', ')}` })
  @IsIn(QR_PRINT_WIDTHS, { message: `width must be one of ${QR_PRINT_WIDTHS.join(', ')}` })
  width: QrPrintWidth = 1024;

  @Lowercase()
  @IsString({ message: QrDesignMessages.color })
  @Matches(HEX, { message: QrDesignMessages.color })
  foreground!: string;

  @Lowercase()
  @IsString({ message: QrDesignMessages.color })
  @Matches(HEX, { message: QrDesignMessages.color })
  background!: string;

  @IsOptional()
  @IsIn(QR_LOGOS, { message: 'logo must be one of none, avatar, upload' })
  logo: QrLogo = 'none';

  /** the uploaded logo as a data: URL; only with logo=upload */
  @ValidateIf((design: QrDesignDto) => design.logo === 'upload')
  @IsString({ message: QrDesignMessages.logoMissing })
  @Matches(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/, { message: QrDesignMessages.logoType })
  @MaxLength(Math.ceil((QR_LOGO_MAX_BYTES * 4) / 3) + 32, { message: QrDesignMessages.logoTooLarge })
  logoDataUrl: string | null = null;
}

/** below this a code is refused; below QR_GOOD_CONTRAST it is drawn with a warning */
export const QR_MIN_CONTRAST = 3;
export const QR_GOOD_CONTRAST = 4.5;

export type QrContrast =
  | { status: 'ok'; ratio: number }
  | { status: 'low'; ratio: number; message: string }
  | { status: 'refused'; ratio: number; message: string };

/**
 * whether a phone can read the code in these colours: the code must be darker than its background
 * (many readers do not try an inverted code) and stand out from it by 3:1 at least; under 4.5:1 it
 * reads on good phones in good light, so it is drawn with a warning
 */
export function qrContrast(foreground: string, background: string): QrContrast {
  const ratio = Math.round(contrastRatio(foreground, background) * 100) / 100;
  if (relativeLuminance(foreground) > relativeLuminance(background)) {
    return { status: 'refused', ratio, message: QrDesignMessages.inverted };
  }
  if (ratio < QR_MIN_CONTRAST) return { status: 'refused', ratio, message: QrDesignMessages.tooClose };
  if (ratio < QR_GOOD_CONTRAST) return { status: 'low', ratio, message: QrDesignMessages.lowContrast };
  return { status: 'ok', ratio };
}
