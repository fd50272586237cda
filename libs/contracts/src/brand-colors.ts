import { contrastRatio, hexToHsl, hslToHex, relativeLuminance } from './colors';
import type { Theme } from './themes';

/** WCAG AA for body text: what the accent needs against the card and the text on it against the accent */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * the grounds an accent is drawn on, by theme: the page's colour and its panels' (aurora's panels are
 * white at 5 % over the page). the themes' own glows behind the banner are left out, as the themes'
 * own accents leave them out: nothing the accent colours sits on them.
 */
export const CARD_GROUNDS: Record<Theme, readonly string[]> = {
  aurora: ['#07071a', '#131325'],
  noir: ['#ffffff'],
  solar: ['#fff8ef', '#ffffff'],
};

const HEX = /^#[0-9a-f]{6}$/;

function lowestContrast(color: string, grounds: readonly string[]): number {
  return Math.min(...grounds.map((ground) => contrastRatio(color, ground)));
}

/**
 * the colour itself when it reads on every ground, else the same hue and saturation made lighter (on
 * dark grounds) or darker (on light ones), one step of lightness at a time, until it does. black or
 * white always ends the walk on these grounds, so it ends.
 */
export function readableOn(color: string, grounds: readonly string[], min = AA_TEXT_CONTRAST): string {
  const start = color.toLowerCase();
  if (lowestContrast(start, grounds) >= min) return start;
  const darkGrounds = grounds.every((ground) => relativeLuminance(ground) < 0.18);
  const [h, s, l] = hexToHsl(start);
  const step = darkGrounds ? 0.01 : -0.01;
  let best = start;
  for (let lightness = l + step; lightness >= 0 && lightness <= 1; lightness += step) {
    best = hslToHex([h, s, lightness]);
    if (lowestContrast(best, grounds) >= min) return best;
  }
  return darkGrounds ? '#ffffff' : '#000000';
}

/**
 * the text drawn on the accent: the brand's second colour when it is given, made lighter or darker
 * until it reads (whichever way needs the smaller change); without one, white or black, whichever
 * reads better
 */
function textOn(accent: string, secondary: string | null | undefined): string {
  const poles = ['#ffffff', '#000000'].sort((a, b) => contrastRatio(b, accent) - contrastRatio(a, accent));
  if (!secondary || !HEX.test(secondary.toLowerCase())) return poles[0];
  const start = secondary.toLowerCase();
  if (contrastRatio(start, accent) >= AA_TEXT_CONTRAST) return start;
  const [h, s, l] = hexToHsl(start);
  for (let change = 0.01; change <= 1; change += 0.01) {
    for (const lightness of [l + change, l - change]) {
      if (lightness < 0 || lightness > 1) continue;
      const candidate = hslToHex([h, s, lightness]);
      if (contrastRatio(candidate, accent) >= AA_TEXT_CONTRAST) return candidate;
    }
  }
  return poles[0];
}

export interface BrandColors {
  /** the brand's colour, AA (4.5:1) against every ground of the card's theme */
  accentColor: string;
  /** text and icons on the accent, AA against it */
  onAccentColor: string;
}

/**
 * a team's colours as a card of this theme shows them (CardBrand's accentColor and onAccentColor):
 * the primary colour adjusted in lightness until it reads on the card, and a text colour that reads on
 * it. `primary` is a #rrggbb colour (TeamBrandDto checks it); `secondary`, when given, is what the
 * text on the accent starts from.
 */
export function cardBrandColors(primary: string, theme: Theme, secondary?: string | null): BrandColors {
  if (!HEX.test(primary.toLowerCase()))
    throw new Error(`cardBrandColors: ${primary} is not a #rrggbb colour`);
  const accentColor = readableOn(primary, CARD_GROUNDS[theme]);
  return { accentColor, onAccentColor: textOn(accentColor, secondary) };
}
