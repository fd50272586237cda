import { useState, type ChangeEvent } from 'react';
import { fieldErrorMap, validateInput } from '@cardcraft/contracts';

/**
 * the state of a form of text fields: its values, the error under each field and the failure message
 * shown above it
 */
export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  /** the value, change handler and error of one field, to spread on a TextField */
  const field = (key: keyof T & string) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value })),
    error: errors[key],
  });

  /**
   * checks `input` against `dto` and shows its errors, with any `extra` ones; when there are none the
   * failure message is cleared and the valid value returned, else null
   */
  const validate = <D extends object>(
    dto: new () => D,
    input: unknown,
    extra: Record<string, string> = {},
  ): D | null => {
    const result = validateInput(dto, input);
    const next = { ...fieldErrorMap(result.errors), ...extra };
    setErrors(next);
    if (Object.keys(next).length > 0) return null;
    setFailure(null);
    return result.value;
  };

  return { values, setValues, errors, setErrors, failure, setFailure, field, validate };
}
