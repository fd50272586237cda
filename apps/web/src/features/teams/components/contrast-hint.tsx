import {
  AA_TEXT_CONTRAST,
  CARD_GROUNDS,
  cardBrandColors,
  contrastRatio,
  relativeLuminance,
  THEMES,
} from '@cardcraft/contracts';

const HEX = /^#[0-9a-f]{6}$/i;

const ratio = (value: number) => `${(Math.floor(value * 10) / 10).toFixed(1)}:1`;

/**
 * how the colours show on each card theme, as the cards will draw them: the primary colour made
 * readable on the theme's ground when it is not (AA, 4.5:1), and the text on it readable too. written
 * out as well as drawn, so the figures reach a screen reader.
 */
export function ContrastHint({ primary, secondary }: { primary: string; secondary: string }) {
  if (!HEX.test(primary)) {
    return (
      <p className="rounded-lg bg-muted px-3 py-2.5 text-sm text-muted-foreground">
        Without a primary colour, team cards keep each theme&apos;s own colours.
      </p>
    );
  }
  const second = HEX.test(secondary) ? secondary.toLowerCase() : null;
  return (
    <ul
      className="space-y-2"
      aria-label="How the colours show on each card theme"
      data-testid="contrast-hint"
    >
      {THEMES.map(({ value: theme, label }) => {
        const grounds = CARD_GROUNDS[theme];
        const { accentColor, onAccentColor } = cardBrandColors(primary, theme, second);
        const onCard = Math.min(...grounds.map((ground) => contrastRatio(accentColor, ground)));
        const original = Math.min(...grounds.map((ground) => contrastRatio(primary, ground)));
        const adjusted = accentColor !== primary.toLowerCase();
        const textAdjusted = second !== null && onAccentColor !== second;
        return (
          <li key={theme} className="flex items-center gap-3 rounded-lg border border-border p-2.5">
            {/* the theme's ground with the colours on it, as a card would draw a button and a label */}
            <span
              aria-hidden="true"
              className="flex w-32 shrink-0 flex-col items-start gap-1.5 rounded-md p-2 ring-1 ring-black/10"
              style={{ backgroundColor: grounds[0] }}
            >
              <span
                className="text-[10px] font-semibold tracking-[0.15em] uppercase"
                style={{ color: accentColor }}
              >
                About
              </span>
              <span
                className="rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap"
                style={{ backgroundColor: accentColor, color: onAccentColor }}
              >
                Save Contact
              </span>
            </span>
            <span className="min-w-0 text-xs leading-relaxed">
              <span className="block text-sm font-medium">{label}</span>
              <span className="block text-muted-foreground">
                <span className="font-mono">{accentColor}</span> on the card: {ratio(onCard)}
                {adjusted
                  ? `. Yours reads ${ratio(original)}, so it is made ${
                      relativeLuminance(accentColor) > relativeLuminance(primary) ? 'lighter' : 'darker'
                    } here`
                  : ''}
              </span>
              <span className="block text-muted-foreground">
                Text on it <span className="font-mono">{onAccentColor}</span>:{' '}
                {ratio(contrastRatio(accentColor, onAccentColor))}
                {textAdjusted ? ', your secondary colour adjusted' : ''}
              </span>
            </span>
          </li>
        );
      })}
      <li className="text-xs text-muted-foreground">
        Cards need {AA_TEXT_CONTRAST}:1 for text (WCAG AA): a colour short of it is made lighter or darker on
        that theme only.
      </li>
    </ul>
  );
}
