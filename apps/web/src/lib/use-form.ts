import { useState, type ChangeEvent } from 'react';
import { fieldErrorMap, validateInput } from '@cardcraft/contracts';
import { standingErrors } from './form-errors';

/** how a form's values are checked: the dto, the body it is checked on, and rules the dto cannot say */
export interface FormCheck<T, D extends object> {
  dto: new () => D;
  /** the body checked against the dto; the values themselves when absent */
  input?: (values: T) => unknown;
  /** errors of rules across fields (a repeated password) */
  extra?: (values: T) => Record<string, string>;
}

/**
 * the state of a form of text fields: its values, the error under each field and the failure message
 * shown above it. nothing is checked before the first submit; from then on a field re-validates as it
 * changes, so an error goes as soon as the field is fixed. the server's field errors stay until their
 * field changes.
 */
export function useForm<T extends Record<string, string>, D extends object>(
  initial: T,
  check: FormCheck<T, D>,
) {
  const [values, setValues] = useState<T>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<{ errors: Record<string, string>; values: T } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = (current: T) => {
    const result = validateInput(check.dto, check.input ? check.input(current) : current);
    return { result, errors: { ...fieldErrorMap(result.errors), ...(check.extra?.(current) ?? {}) } };
  };

  const errors = {
    ...(answer ? standingErrors(answer.errors, answer.values, values) : {}),
    ...clientErrors,
  };

  /** new values of some fields, from inputs or controls that are not (a select, a file read) */
  const patch = (change: Partial<T>) => {
    const next = { ...values, ...change };
    setValues(next);
    if (submitted) setClientErrors(run(next).errors);
  };
  const set = (key: keyof T & string, value: string) => patch({ [key]: value } as Partial<T>);

  /** the value, change handler and error of one field, to spread on a TextField */
  const field = (key: keyof T & string) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value),
    error: errors[key],
  });

  /**
   * checks the values and shows their errors; when there are none the failure message is cleared and
   * the valid value returned, else null
   */
  const validate = (): D | null => {
    setSubmitted(true);
    setAnswer(null);
    const { result, errors: found } = run(values);
    setClientErrors(found);
    if (Object.keys(found).length > 0) return null;
    setFailure(null);
    return result.value;
  };

  /** the server's field errors for the values it was sent */
  const setServerErrors = (server: Record<string, string>) => setAnswer({ errors: server, values });

  /** new values after a save: a fresh form, checked again only from its next submit */
  const reset = (next: T) => {
    setValues(next);
    setSubmitted(false);
    setClientErrors({});
    setAnswer(null);
  };

  return { values, errors, failure, setFailure, setServerErrors, reset, field, set, patch, validate };
}
