import { useLocation, useSearchParams } from 'react-router-dom';

/** only same-app paths: '/x' but never '//host' */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** the page a sign-in or sign-up was asked for on the way to (?next=), when one was */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  return safeNext(params.get('next'));
}

/** an auth page's address that keeps the way back (?next=) */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?${new URLSearchParams({ next })}` : path;
}

/** where login sends the user: the 'next' query parameter, the guarded page they came from, or the dashboard */
export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  const fromPath = from?.pathname ? `${from.pathname}${from.search ?? ''}` : null;
  return safeNext(params.get('next')) ?? safeNext(fromPath) ?? '/dashboard/home';
}
