import type { Theme } from '@cardcraft/contracts';

/** the cover strip of a card in the list, echoing its public theme */
export const THEME_COVER: Record<Theme, string> = {
  aurora: 'bg-linear-to-br from-indigo-500 via-violet-500 to-fuchsia-500',
  noir: 'bg-linear-to-br from-zinc-900 via-zinc-800 to-zinc-600',
  solar: 'bg-linear-to-br from-amber-400 via-orange-500 to-rose-500',
};
