import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';

/** trims a string; other values pass through for the validators to reject */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** empty optional strings are stored as null */
export const TrimToNull = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  });

/** like TrimToNull, but keeps inner and trailing line breaks of multi-line text */
export const EmptyToNull = () =>
  Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value));

export const LowerCaseTrim = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

export const URL_OPTIONS = { require_protocol: true, protocols: ['http', 'https'], require_tld: false };

type DtoClass = new () => object;

const NESTED_TYPE = 'cardcraft:nestedType';

/**
 * a property holding another DTO (or a list of them, `each`): validated as that class, built as that
 * class from plain input, and the class recorded where nestedTypeOf (the api's schema) can read it
 */
export const Nested =
  (type: () => DtoClass, options: { each?: boolean } = {}): PropertyDecorator =>
  (target, property) => {
    ValidateNested(options)(target, property);
    Type(type)(target, property);
    Reflect.defineMetadata(NESTED_TYPE, type, target, property);
  };

/** the DTO class a @Nested() property holds, if it is one (inherited properties too) */
export function nestedTypeOf(cls: DtoClass, property: string): DtoClass | undefined {
  const type = Reflect.getMetadata(NESTED_TYPE, cls.prototype as object, property) as
    (() => DtoClass) | undefined;
  return type?.();
}
