import { Transform } from 'class-transformer';

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
