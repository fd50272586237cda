import { Trans, useTranslation } from 'react-i18next';
import {
  AA_TEXT_CONTRAST,
  CARD_GROUNDS,
  cardBrandColors,
  contrastRatio,
  relativeLuminance,
  THEMES,
} from '@cardcraft/contracts';
import { useLanguage } from '@/i18n/use-language';

const HEX = /^#[0-9a-f]{6}$/i;

/** a contrast ratio as "4.5:1", rounded down (a ratio just short of a rule never reads as meeting it) */
function ratioFormat(language: string): (value: number) => string {
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (value) => `${number.format(Math.floor(value * 10) / 10)}:1`;
}

/**
 * how the colours show on each card theme, as the cards will draw them: the primary colour made
 * readable on the theme's ground when it is not (AA, 4.5:1), and the text on it readable too. written
 * out as well as drawn, so the figures reach a screen reader.
 */
export function ContrastHint({ primary, secondary }: { primary: string; secondary: string }) {
  // the sample's words are the card's own: as a card in this language would say them
  const { t } = useTranslation(['teams', 'card']);
  const ratio = ratioFormat(useLanguage());
  if (!HEX.test(primary)) {
    return (
      <p className="rounded-lg bg-muted px-3 py-2.5 text-sm text-muted-foreground">
        {t('contrast.noPrimary')}
      </p>
    );
  }
  const second = HEX.test(secondary) ? secondary.toLowerCase() : null;
  return (
    <ul className="space-y-2" aria-label={t('contrast.label')} data-testid="contrast-hint">
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
                {t('card:sections.about')}
              </span>
              <span
                className="rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap"
                style={{ backgroundColor: accentColor, color: onAccentColor }}
              >
                {t('card:actions.saveContact')}
              </span>
            </span>
            <span className="min-w-0 text-xs leading-relaxed">
              <span className="block text-sm font-medium">{label}</span>
              <span className="block text-muted-foreground">
                <Trans
                  t={t}
                  i18nKey={
                    !adjusted
                      ? 'contrast.onCard'
                      : relativeLuminance(accentColor) > relativeLuminance(primary)
                        ? 'contrast.onCardLighter'
                        : 'contrast.onCardDarker'
                  }
                  values={{ colour: accentColor, ratio: ratio(onCard), original: ratio(original) }}
                  components={{ mono: <span className="font-mono" /> }}
                />
              </span>
              <span className="block text-muted-foreground">
                <Trans
                  t={t}
                  i18nKey={textAdjusted ? 'contrast.textOnAdjusted' : 'contrast.textOn'}
                  values={{ colour: onAccentColor, ratio: ratio(contrastRatio(accentColor, onAccentColor)) }}
                  components={{ mono: <span className="font-mono" /> }}
                />
              </span>
            </span>
          </li>
        );
      })}
      <li className="text-xs text-muted-foreground">
        {t('contrast.rule', { ratio: ratio(AA_TEXT_CONTRAST) })}
      </li>
    </ul>
  );
}
