import { safeStorage } from './storage';

export const OFFLINE_QR_CODES_KEY = 'cardcraft.offline-qr-codes';

/**
 * what the device keeps of one published card for 'My QR codes' without a network: only what anyone
 * who scans its code sees anyway. never the card's contact details, its draft fields or its figures.
 */
export interface OfflineQrCode {
  id: string;
  displayName: string;
  handle: string;
  /** the card's public address: /u/{handle} on the product's public base URL */
  link: string;
  /** the code as the API draws it: a data: URL of an image */
  qrCode: string;
}

export interface OfflineQrCodes {
  /** whose cards they are: another account signed in on the same device never sees them */
  userId: string;
  /** when they were saved, ISO 8601 */
  savedAt: string;
  cards: OfflineQrCode[];
}

/** a card's public address, as the dashboard shows it (the QR code itself adds ?src=qr) */
export function publicCardUrl(publicBaseUrl: string, handle: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/u/${encodeURIComponent(handle)}`;
}

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

function isCard(value: unknown): value is OfflineQrCode {
  if (value === null || typeof value !== 'object') return false;
  const card = value as Record<string, unknown>;
  return (
    text(card.id) &&
    text(card.displayName) &&
    text(card.handle) &&
    text(card.link) &&
    /^https?:\/\//.test(card.link) &&
    text(card.qrCode) &&
    card.qrCode.startsWith('data:image/')
  );
}

/** the public fields alone, whatever else the caller's object carries */
function pickCard(card: OfflineQrCode): OfflineQrCode {
  return {
    id: card.id,
    displayName: card.displayName,
    handle: card.handle,
    link: card.link,
    qrCode: card.qrCode,
  };
}

export interface OfflineQrCodeStoreOptions {
  storage?: () => Storage | null;
  now?: () => number;
}

/**
 * the published cards' codes kept in the browser's storage, for one account at a time. the app saves
 * them whenever 'My QR codes' has loaded them from the server, and forgets them when the session ends
 * (sign-out, expiry, a 401): see docs/offline.md.
 */
export class OfflineQrCodeStore {
  private readonly storage: () => Storage | null;
  private readonly now: () => number;

  constructor(options: OfflineQrCodeStoreOptions = {}) {
    this.storage = options.storage ?? safeStorage;
    this.now = options.now ?? (() => Date.now());
  }

  /** the account's saved codes; another account's, or an unreadable copy, reads as none */
  read(userId: string): OfflineQrCodes | null {
    let raw: string | null = null;
    try {
      raw = this.storage()?.getItem(OFFLINE_QR_CODES_KEY) ?? null;
    } catch {
      return null;
    }
    if (raw === null) return null;
    try {
      const parsed = JSON.parse(raw) as Partial<OfflineQrCodes> | null;
      if (
        !parsed ||
        !text(parsed.userId) ||
        !text(parsed.savedAt) ||
        Number.isNaN(Date.parse(parsed.savedAt)) ||
        !Array.isArray(parsed.cards) ||
        !parsed.cards.every(isCard)
      ) {
        throw new Error('saved QR codes have an unexpected shape');
      }
      if (parsed.userId !== userId) return null;
      return { userId: parsed.userId, savedAt: parsed.savedAt, cards: parsed.cards.map(pickCard) };
    } catch (error) {
      console.warn('[offline] dropping the saved QR codes:', error);
      this.clear();
      return null;
    }
  }

  /** keeps these cards' codes for the account, in place of what was kept before */
  save(userId: string, cards: OfflineQrCode[]): OfflineQrCodes {
    const saved: OfflineQrCodes = {
      userId,
      savedAt: new Date(this.now()).toISOString(),
      cards: cards.map(pickCard),
    };
    try {
      this.storage()?.setItem(OFFLINE_QR_CODES_KEY, JSON.stringify(saved));
    } catch (error) {
      // a full or blocked storage: the screen still works online, it only cannot open offline
      console.warn('[offline] could not save the QR codes:', error);
    }
    return saved;
  }

  clear(): void {
    try {
      this.storage()?.removeItem(OFFLINE_QR_CODES_KEY);
    } catch {
      // storage unavailable: nothing saved to remove
    }
  }
}

/** the app's one store; App clears it with the session */
export const offlineQrCodes = new OfflineQrCodeStore();
