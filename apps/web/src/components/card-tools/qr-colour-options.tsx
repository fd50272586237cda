import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, RotateCcw } from 'lucide-react';
import type { QrContrast } from '@cardcraft/contracts';
import type { Language } from '@cardcraft/contracts/languages';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/i18n/use-language';
import { cn } from '@/lib/utils';
import type { QrDesign } from './get-profile-qr';
import { HEX_COLOUR } from './qr-design';
import { qrMessageText } from './qr-messages';

/** a contrast ratio's first figure, one decimal, as the language writes it: 4.5 or 4,5 */
export function ratioText(ratio: number, language: Language): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    ratio,
  );
}

function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  // what is being typed, until the field is left; otherwise the colour itself
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? value;
  return (
    <div className="min-w-0">
      <label htmlFor={`${id}-text`} className="mb-2 block text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t('cardTools.qr.pickColour', { label })}
          value={value}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
          className="h-10 w-11 shrink-0 cursor-pointer rounded-lg border border-input bg-surface p-1"
        />
        <input
          id={`${id}-text`}
          value={text}
          spellCheck={false}
          maxLength={7}
          aria-invalid={!HEX_COLOUR.test(text) || undefined}
          onChange={(event) => {
            const next = event.target.value.trim();
            setDraft(next);
            if (HEX_COLOUR.test(next)) onChange(next.toLowerCase());
          }}
          onBlur={() => setDraft(null)}
          className="h-10 w-full min-w-0 rounded-lg border border-input bg-surface px-3 font-mono text-sm uppercase shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive"
        />
      </div>
    </div>
  );
}

export interface QrColourOptionsProps {
  design: QrDesign;
  contrast: QrContrast;
  /** back to the theme's colours (a team card's: the brand's): offered once the design has others */
  onThemeColours: (() => void) | null;
  /** what the reset says it goes back to (the theme's colours by default) */
  resetLabel?: string;
  update: (change: Partial<QrDesign>) => void;
}

/** the code's and the background's colour, their contrast, and what it means for scanning */
export function QrColourOptions({
  design,
  contrast,
  onThemeColours,
  resetLabel,
  update,
}: QrColourOptionsProps) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  return (
    <div>
      <div className="grid grid-cols-2 gap-3">
        <ColorField
          label={t('cardTools.qr.codeColour')}
          value={design.foreground}
          onChange={(foreground) => update({ foreground })}
        />
        <ColorField
          label={t('cardTools.qr.background')}
          value={design.background}
          onChange={(background) => update({ background })}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {t('cardTools.qr.contrast', { ratio: ratioText(contrast.ratio, language) })}
        </p>
        {onThemeColours ? (
          <Button variant="ghost" size="sm" onClick={onThemeColours}>
            <RotateCcw aria-hidden="true" />
            {resetLabel ?? t('cardTools.qr.themeColours')}
          </Button>
        ) : null}
      </div>
      {contrast.status !== 'ok' ? (
        <p
          role={contrast.status === 'refused' ? 'alert' : 'status'}
          className={cn(
            'mt-2 flex items-start gap-2 rounded-lg px-3 py-2 text-sm',
            contrast.status === 'refused' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900',
          )}
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {contrast.message ? qrMessageText(t, contrast.message) : null}
        </p>
      ) : null}
    </div>
  );
}
