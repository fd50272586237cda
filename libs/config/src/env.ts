/**
 * reading a server process's environment: the one parser every app's configuration module uses (the api,
 * the worker, the analytics library), so a bad value reads the same everywhere and stops the start
 * with one error class naming the variable. nothing here reads process.env: callers pass it in.
 */
export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** the trimmed value, or undefined when unset or blank */
export function envText(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** a whole number from min to max; unset or blank: the fallback */
export function envInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

/** true or false (also 1/0, yes/no); unset or blank: the fallback */
export function envBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = envText(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${env[name]}")`);
}

/** one of the listed words; unset or blank: the fallback */
export function envOneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = envText(env, name) ?? fallback;
  if (!(values as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${values.join(', ')} (got "${env[name]}")`);
  }
  return raw as T;
}

/**
 * a URL with one of the protocols (like 'https:'), without its trailing slashes. unset or blank: the
 * fallback, or null without one.
 */
export function envUrl(env: Env, name: string, protocols: string[], fallback: string): string;
export function envUrl(env: Env, name: string, protocols: string[]): string | null;
export function envUrl(env: Env, name: string, protocols: string[], fallback?: string): string | null {
  const raw = envText(env, name) ?? fallback;
  if (raw === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (got "${raw}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')} (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}

/** a URL's credentials hidden, for logs */
export function hideCredentials(value: string | null | undefined): string | null {
  return value?.replace(/\/\/[^@/]*@/, '//***@') ?? null;
}
