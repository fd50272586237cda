import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface SegmentedProps<T extends string | number> {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: ReactNode; disabled?: boolean }[];
  onChange: (value: T) => void;
}

/** a row of choices that reads as one control: radio buttons drawn as a segmented bar */
export function Segmented<T extends string | number>({
  legend,
  name,
  value,
  options,
  onChange,
}: SegmentedProps<T>) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex rounded-lg border border-input bg-muted p-0.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex min-h-9 flex-1 cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm text-muted-foreground transition-colors has-focus-visible:outline-2 has-focus-visible:outline-ring',
              value === option.value && 'bg-surface font-medium text-foreground shadow-xs',
              option.disabled && 'cursor-not-allowed opacity-50',
            )}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              value={String(option.value)}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
