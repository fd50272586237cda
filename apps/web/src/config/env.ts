// the environment, read once at start-up and typed; the only place that touches import.meta.env.
export interface Env {
  /** prefix of every API call; '' means same origin (the API serves the SPA, or the dev proxy) */
  apiBaseUrl: string;
  /** public origin used to show /u/{handle} links */
  appOrigin: string;
  /** whether the dashboard registers its service worker: a production build has one, the dev server none */
  serviceWorker: boolean;
}

function readEnv(): Env {
  const raw = (import.meta.env?.VITE_API_BASE_URL as string | undefined) ?? '';
  const apiBaseUrl = raw.trim().replace(/\/+$/, '');
  if (apiBaseUrl && !/^https?:\/\//.test(apiBaseUrl)) {
    throw new Error(`VITE_API_BASE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  const appOrigin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  const serviceWorker = import.meta.env?.PROD === true;
  return { apiBaseUrl, appOrigin, serviceWorker };
}

export const env: Env = readEnv();
