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
