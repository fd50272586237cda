// handles that would shadow a route of the product or mislead visitors.
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'api',
  'auth',
  'dashboard',
  'demo',
  'u',
  'admin',
  'administrator',
  'settings',
  'analytics',
  'login',
  'logout',
  'register',
  'signup',
  'signin',
  'profile',
  'profiles',
  'public',
  'health',
  'docs',
  'static',
  'assets',
  'app',
  'www',
  'help',
  'support',
  'about',
  'root',
  'system',
  'cardcraft',
  'leads',
  'onboarding',
  'home',
  'account',
  'billing',
  'terms',
  'privacy',
  'security',
  'status',
  'null',
  'undefined',
  'me',
  'new',
  'create',
  'edit',
]);

export function normalizeHandle(value: string): string {
  return value.trim().toLowerCase();
}

export function isReservedHandle(handle: string): boolean {
  return RESERVED_HANDLES.has(normalizeHandle(handle));
}

export const reservedHandleMessage = (handle: string) =>
  `The handle "${handle}" is reserved. Choose another one.`;
export const takenHandleMessage = (handle: string) => `The handle "${handle}" is already taken.`;
export const availableHandleMessage = (handle: string) => `The handle "${handle}" is available.`;

/** whether a handle can be used: free (or the card's own), taken by another card, or reserved */
export type HandleAvailability = 'available' | 'taken' | 'reserved';

/**
 * a handle made from what was typed: "Max Feather" is max-feather (lower case, accents dropped, any
 * run of other characters one dash), cut to the longest handle allowed; '' when nothing is left
 */
export function suggestHandle(text: string, maxLength = 32): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}

/**
 * the handles offered for a copy of a card, in order: ada-2, ada-3, ... (a copy of ada-2 goes on from
 * ada-3; a number of four digits or more, like team-2024, is part of the name), the base cut so each
 * fits the longest handle allowed
 */
export function* copyHandleCandidates(handle: string, maxLength = 32): Generator<string> {
  const numbered = /^(.*[^-])-([2-9]|[1-9]\d{1,2})$/.exec(handle);
  const base = numbered ? numbered[1] : handle;
  for (let n = numbered ? Number(numbered[2]) + 1 : 2; ; n++) {
    const suffix = `-${n}`;
    yield `${base.slice(0, maxLength - suffix.length).replace(/-+$/, '')}${suffix}`;
  }
}
