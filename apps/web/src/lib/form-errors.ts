/** the value at a field path of the api's errors ("contact.email", "socialLinks.2.url") */
export function valueAt(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * the server's field errors that still stand: those of fields unchanged since it answered. a field
 * changed since is the user's answer to the message, so its message goes (the next save asks again).
 */
export function standingErrors(
  errors: Record<string, string>,
  answered: unknown,
  now: unknown,
): Record<string, string> {
  const standing: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (JSON.stringify(valueAt(answered, path)) === JSON.stringify(valueAt(now, path))) {
      standing[path] = message;
    }
  }
  return standing;
}
