import type { TFunction } from 'i18next';

/**
 * the API and the contracts speak the specification's English words: a catalogue's section of such
 * messages, each by its English text, with its key in the catalogue ({prefix}.{key})
 */
export function keysByEnglish(section: Record<string, string>, prefix: string): ReadonlyMap<string, string> {
  return new Map(Object.entries(section).map(([key, text]) => [text, `${prefix}.${key}`] as const));
}

/** a message given in English, in the translator's language when its English is known, else as it came */
export function sayInLanguage(
  t: TFunction,
  keys: ReadonlyMap<string, string>,
  message: string,
  namespace: string,
  values: Record<string, unknown> = {},
): string {
  const key = keys.get(message);
  return key ? t(key, { ns: namespace, ...values }) : message;
}
