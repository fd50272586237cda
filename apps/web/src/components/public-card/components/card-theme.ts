import type { CSSProperties } from 'react';
import type { Theme } from '@cardcraft/contracts/themes';

/** the classes each theme gives the card's parts; layouts decide where the parts go */
export interface CardTheme {
  name: Theme;
  /** the page ground and text colour */
  page: string;
  /** decorative light behind the card (gradients), or none */
  backdrop?: CSSProperties;
  /** a raised panel: the hero and the sections */
  surface: string;
  /** a section of the minimal layout: lighter than a panel */
  plain: string;
  muted: string;
  subtle: string;
  heading: string;
  /** the display name, largest text of the card */
  displayName: string;
  sectionLabel: string;
  primaryButton: string;
  secondaryButton: string;
  iconButton: string;
  chip: string;
  link: string;
  divider: string;
  input: string;
  checkbox: string;
  /** the phone dock behind the actions */
  dock: string;
  banner: CSSProperties;
  avatarRing: string;
  avatarFallback: string;
  /** images in noir are black and white */
  media: string;
  quoteMark: string;
  embedFrame: string;
  error: string;
  success: string;
  /** the focus outline colour: the global :focus-visible rule reads --color-ring */
  ring: string;
  /** the browser's toolbar colour on a phone: the page's background */
  themeColor: string;
}

const aurora: CardTheme = {
  name: 'aurora',
  page: 'bg-[#07071a] text-white',
  backdrop: {
    backgroundImage: [
      'radial-gradient(48rem 32rem at 0% -10%, rgba(124,58,237,0.42), transparent 60%)',
      'radial-gradient(40rem 30rem at 100% 5%, rgba(6,182,212,0.30), transparent 60%)',
      'radial-gradient(44rem 30rem at 50% 110%, rgba(219,39,119,0.28), transparent 60%)',
    ].join(', '),
  },
  // no backdrop-filter on panels: it would make them the containing block of the fixed phone dock
  surface: 'rounded-3xl border border-white/10 bg-white/[0.05] shadow-[0_24px_80px_-24px_rgba(0,0,0,0.75)]',
  plain: 'border-t border-white/10',
  muted: 'text-slate-300',
  subtle: 'text-slate-400',
  heading: 'font-semibold tracking-tight text-white',
  displayName:
    'font-bold tracking-tight bg-linear-to-r from-white via-cyan-100 to-fuchsia-200 bg-clip-text text-transparent',
  sectionLabel: 'text-[11px] font-semibold uppercase tracking-[0.2em] text-cyan-300',
  primaryButton:
    'rounded-full bg-linear-to-r from-cyan-300 via-violet-300 to-fuchsia-300 font-semibold text-slate-950 shadow-[0_0_32px_-6px_rgba(167,139,250,0.8)] hover:brightness-110',
  secondaryButton: 'rounded-full border border-white/15 bg-white/[0.06] text-white hover:bg-white/[0.12]',
  iconButton:
    'rounded-full border border-white/15 bg-white/[0.06] text-white hover:border-cyan-300/60 hover:bg-white/[0.12] hover:text-cyan-200',
  chip: 'rounded-full border border-white/15 bg-white/10 text-white backdrop-blur',
  link: 'text-cyan-300 underline-offset-4 hover:text-cyan-200 hover:underline',
  divider: 'border-white/10',
  input: 'rounded-xl border-white/15 bg-white/[0.06] text-white placeholder:text-slate-400',
  checkbox: 'accent-cyan-300',
  dock: 'border-t border-white/10 bg-[#07071a]/85 backdrop-blur-xl',
  banner: { backgroundImage: 'linear-gradient(125deg, #6d28d9 0%, #c026d3 45%, #0891b2 100%)' },
  avatarRing:
    'ring-4 ring-[#0d0b24] shadow-[0_0_0_7px_rgba(167,139,250,0.35),0_0_48px_-4px_rgba(34,211,238,0.55)]',
  avatarFallback: 'bg-linear-to-br from-violet-500 via-fuchsia-500 to-cyan-400 text-white',
  media: '',
  quoteMark: 'text-fuchsia-300',
  embedFrame: 'rounded-2xl border border-white/10 bg-black/40',
  error: 'text-rose-300',
  success: 'text-emerald-300',
  ring: '#67e8f9',
  themeColor: '#07071a',
};

const noir: CardTheme = {
  name: 'noir',
  page: 'bg-white text-black',
  surface: 'border border-black bg-white',
  plain: 'border-t border-black',
  muted: 'text-neutral-700',
  subtle: 'text-neutral-600',
  heading: 'font-semibold uppercase tracking-[0.08em] text-black',
  displayName: 'font-black uppercase tracking-[-0.03em] text-black',
  sectionLabel: 'text-[11px] font-semibold uppercase tracking-[0.32em] text-black',
  primaryButton:
    'rounded-none bg-black text-xs font-semibold uppercase tracking-[0.2em] text-white hover:bg-neutral-800',
  secondaryButton:
    'rounded-none border border-black bg-white text-xs font-semibold uppercase tracking-[0.2em] text-black hover:bg-black hover:text-white',
  iconButton: 'rounded-none border border-black bg-white text-black hover:bg-black hover:text-white',
  chip: 'rounded-none border border-black bg-white text-[10px] uppercase tracking-[0.25em] text-black',
  link: 'text-black underline decoration-1 underline-offset-4 hover:decoration-2',
  divider: 'border-black',
  input: 'rounded-none border-black bg-white text-black placeholder:text-neutral-500',
  checkbox: 'accent-black',
  dock: 'border-t border-black bg-white',
  banner: {
    backgroundColor: '#000',
    backgroundImage: 'repeating-linear-gradient(135deg, rgba(255,255,255,0.16) 0 1px, transparent 1px 14px)',
  },
  avatarRing: 'ring-1 ring-black ring-offset-4 ring-offset-white',
  avatarFallback: 'bg-black text-white',
  media: 'grayscale',
  quoteMark: 'text-black',
  embedFrame: 'border border-black bg-neutral-100',
  error: 'text-red-700',
  success: 'text-black',
  ring: '#000000',
  themeColor: '#ffffff',
};

const solar: CardTheme = {
  name: 'solar',
  page: 'bg-[#fff8ef] text-stone-900',
  backdrop: {
    backgroundImage: [
      'radial-gradient(64rem 40rem at 50% -18%, rgba(251,146,60,0.55), rgba(253,186,116,0.22) 40%, transparent 70%)',
      'radial-gradient(26rem 18rem at 92% 12%, rgba(250,204,21,0.28), transparent 70%)',
    ].join(', '),
  },
  surface:
    'rounded-[2rem] bg-white/85 shadow-[0_18px_50px_-20px_rgba(154,52,18,0.35)] ring-1 ring-orange-900/10',
  plain: 'border-t border-orange-900/15',
  muted: 'text-stone-700',
  subtle: 'text-stone-600',
  heading: 'font-serif font-semibold tracking-tight text-stone-900',
  displayName: 'font-serif font-semibold tracking-tight text-stone-900',
  sectionLabel: 'text-[11px] font-semibold uppercase tracking-[0.2em] text-orange-800',
  primaryButton:
    'rounded-full bg-orange-700 font-semibold text-white shadow-[0_10px_28px_-10px_rgba(194,65,12,0.75)] hover:bg-orange-800',
  secondaryButton: 'rounded-full bg-white text-stone-900 ring-1 ring-stone-900/15 hover:bg-orange-50',
  iconButton:
    'rounded-full bg-white text-stone-800 ring-1 ring-stone-900/15 hover:bg-orange-50 hover:text-orange-800',
  chip: 'rounded-full bg-white/85 text-orange-900 ring-1 ring-orange-900/15 backdrop-blur',
  link: 'text-orange-800 underline-offset-4 hover:text-orange-900 hover:underline',
  divider: 'border-orange-900/15',
  input: 'rounded-2xl border-stone-300 bg-white text-stone-900 placeholder:text-stone-500',
  checkbox: 'accent-orange-700',
  dock: 'border-t border-orange-900/10 bg-[#fff8ef]/90 backdrop-blur-xl',
  banner: {
    backgroundImage: [
      'radial-gradient(24rem 14rem at 70% 20%, rgba(254,243,199,0.9), transparent 60%)',
      'linear-gradient(135deg, #ea580c 0%, #f97316 40%, #fbbf24 100%)',
    ].join(', '),
  },
  avatarRing: 'ring-4 ring-white shadow-[0_14px_34px_-10px_rgba(194,65,12,0.6)]',
  avatarFallback: 'bg-linear-to-br from-orange-300 to-amber-200 text-orange-950',
  media: '',
  quoteMark: 'text-orange-600',
  embedFrame: 'rounded-3xl bg-stone-100 ring-1 ring-stone-900/10',
  error: 'text-red-700',
  success: 'text-emerald-800',
  ring: '#c2410c',
  themeColor: '#fff8ef',
};

export const CARD_THEMES: Record<Theme, CardTheme> = { aurora, noir, solar };
