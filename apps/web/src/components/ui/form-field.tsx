import { useId, type InputHTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Slot } from '@radix-ui/react-slot';
import { cn } from '@/lib/utils';
import { translateFormMessage } from './form-messages';
import { Input } from './input';
import { Label } from './label';

export interface FormFieldProps {
  label: ReactNode;
  /** the single input, textarea or select trigger; it receives id and aria attributes */
  children: ReactElement;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  id?: string;
}

/** a labelled control with its hint and its error message under it */
export function FormField({ label, children, error, hint, required, className, id }: FormFieldProps) {
  const { t } = useTranslation('common');
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={fieldId}>
        {label}
        {required ? (
          <span className="ml-0.5 text-destructive" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      <Slot id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive" role="alert">
          {translateFormMessage(t, error)}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps
  extends
    Omit<FormFieldProps, 'children'>,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'required'> {
  /** the input's own classes; `className` is the field's */
  inputClassName?: string;
}

/** a FormField around a text Input: the field's props go to FormField, the rest to the input */
export function TextField({
  label,
  error,
  hint,
  required,
  className,
  id,
  inputClassName,
  ...input
}: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className} id={id}>
      <Input className={inputClassName} {...input} />
    </FormField>
  );
}
