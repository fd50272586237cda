// browser storage can throw (private mode, blocked cookies): every access goes through this.
export function safeStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}
