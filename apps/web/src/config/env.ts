// the environment, read once at start-up and typed; the only place that touches import.meta.env.
export interface Env {
  /** prefix of every API call; '' means same origin (the API serves the SPA, or the dev proxy) */
  apiBaseUrl: string;
  /** public origin used to show /u/{handle} links */
  appOrigin: string;
}

function readEnv(): Env {
  const raw = (import.meta.env?.VITE_API_BASE_URL as string | undefined) ?? '';
  const apiBaseUrl = raw.trim().replace(/\/+$/, '');
  if (apiBaseUrl && !/^https?:\/\//.test(apiBaseUrl)) {
    throw new Error(`VITE_API_BASE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  const appOrigin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return { apiBaseUrl, appOrigin };
}

export const env: Env = readEnv();
