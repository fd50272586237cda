import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { FieldError } from './responses';

/** flattens class-validator's tree into the API's { field, message } list; one message a field */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) out.push({ field, message: messages[messages.length - 1] });
    if (error.children?.length) out.push(...toFieldErrors(error.children, field));
  }
  return out;
}

export interface ValidationResult<T> {
  value: T;
  errors: FieldError[];
}

/** runs the same transform and rules the API runs: used by the web forms */
export function validateInput<T extends object>(
  cls: ClassConstructor<T>,
  plain: unknown,
): ValidationResult<T> {
  const value = plainToInstance(cls, plain ?? {});
  const errors = validateSync(value, { whitelist: true, forbidUnknownValues: false });
  return { value, errors: toFieldErrors(errors) };
}

/** the first message for each field, keyed by field path */
export function fieldErrorMap(errors: FieldError[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { field, message } of errors) if (!(field in map)) map[field] = message;
  return map;
}
