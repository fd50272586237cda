import { useLocation, useSearchParams } from 'react-router-dom';

/** only same-app paths: '/x' but never '//host' */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** where login sends the user: the 'next' query parameter, the guarded page they came from, or the dashboard */
export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  const fromPath = from?.pathname ? `${from.pathname}${from.search ?? ''}` : null;
  return safeNext(params.get('next')) ?? safeNext(fromPath) ?? '/dashboard/home';
}
