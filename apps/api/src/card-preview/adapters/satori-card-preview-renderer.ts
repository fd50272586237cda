import { CARD_PREVIEW_SIZE, type Theme } from '@cardcraft/contracts';
import { Resvg } from '@resvg/resvg-js';
import type satori from 'satori';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CardPreviewModel, CardPreviewRenderer } from '../card-preview-renderer';

// satori lays out a tree of boxes (flexbox) and writes the text as paths into an svg; resvg paints
// the svg into a png. nothing is fetched: the avatar comes in as bytes and the fonts from npm.

/** satori's element: the shape React.createElement makes, written out without React */
type SatoriNode = { type: string; props: Record<string, unknown> & { children?: unknown } };
type SatoriElement = Parameters<typeof satori>[0];

interface Palette {
  background: string;
  /** gradients over the ground, css background-image */
  glow: string;
  text: string;
  muted: string;
  accent: string;
  avatarFallback: string;
  avatarText: string;
  ring: string;
}

/** the card's three themes in the colours of the page (card-theme.ts in the web app) */
const PALETTES: Record<Theme, Palette> = {
  aurora: {
    background: '#07071a',
    glow: [
      'radial-gradient(circle at 0% 0%, rgba(124,58,237,0.55), rgba(124,58,237,0) 55%)',
      'radial-gradient(circle at 100% 10%, rgba(6,182,212,0.40), rgba(6,182,212,0) 50%)',
      'radial-gradient(circle at 50% 120%, rgba(219,39,119,0.40), rgba(219,39,119,0) 55%)',
    ].join(', '),
    text: '#ffffff',
    muted: '#cbd5e1',
    accent: '#67e8f9',
    avatarFallback: 'linear-gradient(135deg, #8b5cf6 0%, #d946ef 50%, #22d3ee 100%)',
    avatarText: '#ffffff',
    ring: 'rgba(167,139,250,0.55)',
  },
  noir: {
    background: '#ffffff',
    glow: 'linear-gradient(90deg, #000000 0%, #000000 100%)',
    text: '#000000',
    muted: '#404040',
    accent: '#000000',
    avatarFallback: 'linear-gradient(135deg, #000000 0%, #000000 100%)',
    avatarText: '#ffffff',
    ring: '#000000',
  },
  solar: {
    background: '#fff8ef',
    glow: [
      'radial-gradient(circle at 100% 0%, rgba(251,146,60,0.45), rgba(251,146,60,0) 55%)',
      'radial-gradient(circle at 0% 100%, rgba(251,191,36,0.35), rgba(251,191,36,0) 50%)',
    ].join(', '),
    text: '#1c1917',
    muted: '#57534e',
    accent: '#c2410c',
    avatarFallback: 'linear-gradient(135deg, #fdba74 0%, #fde68a 100%)',
    avatarText: '#431407',
    ring: '#fb923c',
  },
};

const FONT_FILES = [
  { file: 'inter-latin-400-normal.woff', weight: 400 },
  { file: 'inter-latin-ext-400-normal.woff', weight: 400 },
  { file: 'inter-latin-700-normal.woff', weight: 700 },
  { file: 'inter-latin-ext-700-normal.woff', weight: 700 },
] as const;

function loadFonts() {
  const dir = join(dirname(require.resolve('@fontsource/inter/package.json')), 'files');
  return FONT_FILES.map(({ file, weight }) => ({
    name: 'Inter',
    data: readFileSync(join(dir, file)),
    weight,
    style: 'normal' as const,
  }));
}

function box(style: Record<string, unknown>, children?: unknown): SatoriNode {
  return { type: 'div', props: { style: { display: 'flex', ...style }, children } };
}

function text(value: string, style: Record<string, unknown>): SatoriNode {
  return { type: 'div', props: { style: { display: 'block', ...style }, children: value } };
}

/** smaller type for longer names, so most names fit on one or two lines */
function nameSize(name: string): number {
  const length = [...name].length;
  return length <= 18 ? 76 : length <= 30 ? 64 : length <= 44 ? 54 : 46;
}

export class SatoriCardPreviewRenderer implements CardPreviewRenderer {
  private fonts: ReturnType<typeof loadFonts> | null = null;

  async render(model: CardPreviewModel): Promise<Buffer> {
    const { width, height } = CARD_PREVIEW_SIZE;
    // satori (and its layout engine's WebAssembly) loads at the first picture, not with the api
    const { default: layOut } = await import('satori');
    const svg = await layOut(this.tree(model) as unknown as SatoriElement, {
      width,
      height,
      fonts: (this.fonts ??= loadFonts()),
    });
    return new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
  }

  private tree(model: CardPreviewModel): SatoriNode {
    const palette = PALETTES[model.theme];
    const avatarSize = 280;
    const avatar = model.avatarPng
      ? {
          type: 'img',
          props: {
            src: `data:image/png;base64,${model.avatarPng.toString('base64')}`,
            width: avatarSize,
            height: avatarSize,
            style: { width: avatarSize, height: avatarSize, borderRadius: avatarSize / 2 },
          },
        }
      : box(
          {
            width: avatarSize,
            height: avatarSize,
            borderRadius: avatarSize / 2,
            alignItems: 'center',
            justifyContent: 'center',
            backgroundImage: palette.avatarFallback,
            color: palette.avatarText,
            fontSize: 110,
            fontWeight: 700,
          },
          model.initials,
        );
    const lines: SatoriNode[] = [
      text(model.displayName, {
        fontSize: nameSize(model.displayName),
        fontWeight: 700,
        lineHeight: 1.1,
        color: palette.text,
        lineClamp: 2,
        letterSpacing: '-0.02em',
      }),
    ];
    if (model.tagline) {
      lines.push(
        text(model.tagline, {
          marginTop: 22,
          fontSize: 36,
          lineHeight: 1.25,
          color: palette.text,
          lineClamp: 2,
        }),
      );
    }
    if (model.company) {
      lines.push(
        text(model.company, {
          marginTop: 14,
          fontSize: 32,
          lineHeight: 1.25,
          color: palette.muted,
          lineClamp: 1,
        }),
      );
    }
    const noir = model.theme === 'noir';
    return box(
      {
        width: '100%',
        height: '100%',
        flexDirection: 'column',
        backgroundColor: palette.background,
        backgroundImage: noir ? undefined : palette.glow,
        fontFamily: 'Inter',
      },
      [
        // noir's black band on the left, as its banner; the others glow
        box({ flex: 1, alignItems: 'center', padding: '72px 80px 40px 80px' }, [
          box(
            {
              width: avatarSize + 16,
              height: avatarSize + 16,
              borderRadius: (avatarSize + 16) / 2,
              alignItems: 'center',
              justifyContent: 'center',
              backgroundColor: palette.ring,
              flexShrink: 0,
            },
            avatar,
          ),
          box({ flexDirection: 'column', marginLeft: 64, flex: 1, minWidth: 0 }, lines),
        ]),
        box(
          {
            height: 96,
            alignItems: 'center',
            justifyContent: 'space-between',
            padding: '0 80px',
            backgroundColor: noir ? '#000000' : 'rgba(255,255,255,0)',
            borderTop: noir ? 'none' : `2px solid ${palette.ring}`,
          },
          [
            text(model.address, {
              fontSize: 28,
              color: noir ? '#ffffff' : palette.accent,
              fontWeight: 700,
              maxWidth: 820,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }),
            text('Cardcraft', { fontSize: 28, color: noir ? '#ffffff' : palette.muted }),
          ],
        ),
      ],
    );
  }
}
