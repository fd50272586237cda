import type { Theme } from '@cardcraft/contracts';

/** a pass's colours by the card's theme, as rgb() (Apple Wallet takes them so) */
export const THEME_PASS_COLORS: Record<Theme, { background: string; foreground: string; label: string }> = {
  aurora: { background: 'rgb(79, 70, 229)', foreground: 'rgb(255, 255, 255)', label: 'rgb(224, 231, 255)' },
  noir: { background: 'rgb(24, 24, 27)', foreground: 'rgb(255, 255, 255)', label: 'rgb(161, 161, 170)' },
  solar: { background: 'rgb(194, 65, 12)', foreground: 'rgb(255, 255, 255)', label: 'rgb(255, 237, 213)' },
};

/** #rrggbb of an rgb(r, g, b) colour */
export function hexOf(rgb: string): string {
  const parts = rgb.match(/\d+/g) ?? [];
  return `#${parts.map((part) => Number(part).toString(16).padStart(2, '0')).join('')}`;
}

/** the channel a pass's links name (src=), so the analytics tell the two wallets apart */
export type PassChannel = 'wallet' | 'google-wallet';

/** the card's public address as a pass links it */
export function passCardUrl(publicBaseUrl: string, handle: string, channel: PassChannel): string {
  return `${publicBaseUrl}/u/${encodeURIComponent(handle)}?src=${channel}`;
}
