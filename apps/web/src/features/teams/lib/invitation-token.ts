// an invitation's secret travels in its link's fragment (/invite#token=...), which no browser sends
// to a server. while its reader signs up or signs in first, it waits in this tab's sessionStorage: a
// query string would put it in the server's logs with the page's load, and localStorage would keep it
// past the tab.

const KEY = 'cardcraft.invitation';
/** 32 random bytes in base64url are 43 characters; the API takes 20 to 100 */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** the token of a link's fragment (`#token=...`), or null when it has none that could be one */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && TOKEN.test(token) ? token : null;
}

/** keeps the token for this tab; false when the browser keeps nothing (then the fragment must stay) */
export function rememberInvitation(token: string): boolean {
  try {
    tabStorage()?.setItem(KEY, token);
    return tabStorage()?.getItem(KEY) === token;
  } catch {
    return false;
  }
}

export function recallInvitation(): string | null {
  try {
    const token = tabStorage()?.getItem(KEY) ?? null;
    return token && TOKEN.test(token) ? token : null;
  } catch {
    return null;
  }
}

/** once joined, or once the API says the link is spent: nothing keeps a dead secret */
export function forgetInvitation(): void {
  try {
    tabStorage()?.removeItem(KEY);
  } catch {
    // nothing was kept
  }
}
