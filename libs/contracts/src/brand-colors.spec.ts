import { AA_TEXT_CONTRAST, CARD_GROUNDS, cardBrandColors, readableOn } from './brand-colors';
import { contrastRatio, hexToHsl, hslToHex } from './colors';
import { THEMES } from './themes';

const lowest = (color: string, grounds: readonly string[]) =>
  Math.min(...grounds.map((ground) => contrastRatio(color, ground)));

describe('cardBrandColors', () => {
  it('keeps a colour that already reads on the card, with white text on it', () => {
    // royal blue on noir's white: 6.70:1, and white on it the same
    expect(cardBrandColors('#1D4ED8', 'noir')).toEqual({ accentColor: '#1d4ed8', onAccentColor: '#ffffff' });
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeCloseTo(6.7, 2);
    // teal on solar's cream: 5.19:1 on the page, 5.47:1 on its panels
    expect(cardBrandColors('#0f766e', 'solar').accentColor).toBe('#0f766e');
    expect(contrastRatio('#0f766e', '#fff8ef')).toBeCloseTo(5.19, 2);
  });

  it('darkens a light colour on a light card until it reaches 4.5:1', () => {
    // yellow on white is 1.51:1; the same hue darkened reads at 4.59:1, and white text on it too
    expect(contrastRatio('#ffcc00', '#ffffff')).toBeCloseTo(1.51, 2);
    const noir = cardBrandColors('#ffcc00', 'noir');
    expect(noir).toEqual({ accentColor: '#8f7200', onAccentColor: '#ffffff' });
    expect(contrastRatio(noir.accentColor, '#ffffff')).toBeCloseTo(4.59, 2);
    // solar's page is cream, a little darker than white: a step further
    const solar = cardBrandColors('#ffcc00', 'solar');
    expect(solar.accentColor).toBe('#8a6e00');
    expect(contrastRatio(solar.accentColor, '#fff8ef')).toBeCloseTo(4.62, 2);
    expect(hexToHsl(solar.accentColor)[0]).toBeCloseTo(hexToHsl('#ffcc00')[0], 0);
  });

  it('lightens a dark colour on the dark card, against its panels too, with dark text on it', () => {
    // royal blue on aurora's near-black: 2.97:1 on the page and 2.73:1 on a panel
    expect(contrastRatio('#1d4ed8', '#07071a')).toBeCloseTo(2.97, 2);
    const aurora = cardBrandColors('#1d4ed8', 'aurora');
    expect(aurora).toEqual({ accentColor: '#5078e7', onAccentColor: '#000000' });
    expect(contrastRatio(aurora.accentColor, '#07071a')).toBeCloseTo(4.91, 2);
    expect(contrastRatio(aurora.accentColor, '#131325')).toBeCloseTo(4.52, 2);
    expect(contrastRatio(aurora.accentColor, aurora.onAccentColor)).toBeCloseTo(5.18, 2);
    // a red just short of it (4.24:1, 3.90:1 on a panel) moves only as far as it must
    expect(cardBrandColors('#e11d48', 'aurora').accentColor).toBe('#e63c61');
  });

  it('starts the text on the accent from the second colour, and moves it only as far as AA needs', () => {
    // light blue on royal blue already reads (4.72:1): kept
    expect(cardBrandColors('#1d4ed8', 'noir', '#bfdbfe').onAccentColor).toBe('#bfdbfe');
    // a middle blue does not (3.7:1): made lighter until it does
    expect(contrastRatio('#93c5fd', '#1d4ed8')).toBeLessThan(AA_TEXT_CONTRAST);
    const onAccent = cardBrandColors('#1d4ed8', 'noir', '#93c5fd').onAccentColor;
    expect(onAccent).toBe('#b6d8fe');
    expect(contrastRatio(onAccent, '#1d4ed8')).toBeCloseTo(4.55, 2);
    // the same yellow as the accent: darkened into a deep olive on it
    expect(cardBrandColors('#ffcc00', 'aurora', '#ffcc00').onAccentColor).toBe('#6b5600');
  });

  it('reaches AA for any colour on every theme', () => {
    const samples = ['#000000', '#ffffff', '#777777', '#ff0000', '#00ff00', '#0000ff', '#ffcc00', '#7c3aed'];
    for (const { value: theme } of THEMES) {
      for (const primary of samples) {
        const { accentColor, onAccentColor } = cardBrandColors(primary, theme, '#808080');
        expect(lowest(accentColor, CARD_GROUNDS[theme])).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
        expect(contrastRatio(accentColor, onAccentColor)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
    }
  });

  it('refuses what is not a #rrggbb colour', () => {
    expect(() => cardBrandColors('red', 'noir')).toThrow('not a #rrggbb colour');
  });
});

describe('colour helpers', () => {
  it('goes to HSL and back without drift', () => {
    for (const hex of ['#1d4ed8', '#ffcc00', '#0f766e', '#808080', '#000000', '#ffffff'])
      expect(hslToHex(hexToHsl(hex))).toBe(hex);
  });

  it('walks to black or white when no shade of the hue is enough', () => {
    expect(readableOn('#808080', ['#ffffff'], 21)).toBe('#000000');
    expect(readableOn('#808080', ['#000000'], 21)).toBe('#ffffff');
  });
});
