import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export interface Option<T extends string> {
  value: T;
  label: string;
  description?: string;
}

/** a select over fixed options with descriptions; FormField passes id and aria attributes to the trigger */
export function OptionSelect<T extends string>({
  value,
  options,
  onValueChange,
  disabled = false,
  ...triggerProps
}: {
  value: T;
  options: readonly Option<T>[];
  onValueChange: (value: T) => void;
  disabled?: boolean;
}) {
  const current = options.find((o) => o.value === value);
  return (
    <Select value={value} onValueChange={(v) => onValueChange(v as T)} disabled={disabled}>
      <SelectTrigger {...triggerProps}>
        <SelectValue>
          {current ? (
            <span>
              {current.label}
              {current.description ? (
                <span className="text-muted-foreground"> · {current.description}</span>
              ) : null}
            </span>
          ) : null}
        </SelectValue>
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} description={o.description}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
