// browser storage can throw (private mode, blocked cookies): every access goes through these.
export function safeStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

export const VISITOR_ID_KEY = 'cardcraft.visitor-id';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** the stored random visitor id, created on first use; null when storage is unavailable */
export function getVisitorId(storage: Storage | null = safeStorage()): string | null {
  if (!storage) return null;
  try {
    const existing = storage.getItem(VISITOR_ID_KEY);
    if (existing) return existing;
    const id = randomId();
    storage.setItem(VISITOR_ID_KEY, id);
    return id;
  } catch {
    return null;
  }
}
