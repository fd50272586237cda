import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const HEX = /^#[0-9a-f]{6}$/i;

/** a colour as #rrggbb: typed, or picked with the system's picker; empty for none */
export function ColorField({
  label,
  pickLabel,
  clearLabel,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  /** the system picker's and the clear button's names, which say which colour */
  pickLabel: string;
  clearLabel: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('teams');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={HEX.test(value) ? value.toLowerCase() : '#4f46e5'}
          onChange={(event) => onChange(event.target.value)}
          aria-label={pickLabel}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-input bg-surface p-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        />
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          placeholder="#1d4ed8"
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        {value ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onChange('')}
            aria-label={clearLabel}
            title={t('brand.noColour')}
          >
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
