import { useEffect } from 'react';
import { env } from '@/config/env';

/** the worker the build makes (vite.pwa.ts), served from the site's root and never cached long */
export const SERVICE_WORKER_URL = '/sw.js';
/**
 * the part of the site it controls: the dashboard alone. the public card (/u/), shared analytics
 * (/share/), the sign-in pages and the API are never its to answer (docs/offline.md)
 */
export const SERVICE_WORKER_SCOPE = '/dashboard/';

/**
 * registers the dashboard's worker (again is a no-op for the browser: it checks for a new one). a
 * browser without workers, or a failed registration, leaves the app working online as before.
 */
export async function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<ServiceWorkerRegistration | null> {
  if (!container) return null;
  try {
    return await container.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  } catch (error) {
    console.warn('[offline] could not register the service worker:', error);
    return null;
  }
}

/** the dashboard registers its worker once it opens, in a production build */
export function useServiceWorker(enabled = env.serviceWorker): void {
  useEffect(() => {
    if (enabled) void registerServiceWorker();
  }, [enabled]);
}
