import { memoryStorage } from '@/test/memory-storage';
import {
  OFFLINE_QR_CODES_KEY,
  OfflineQrCodeStore,
  publicCardUrl,
  type OfflineQrCode,
} from './offline-qr-codes';

const ada: OfflineQrCode = {
  id: 'p1',
  displayName: 'Ada Lovelace',
  handle: 'ada',
  link: 'https://cards.example/u/ada',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};
const SAVED_AT = Date.parse('2026-03-02T10:00:00.000Z');

function storeOver(storage: Storage) {
  return new OfflineQrCodeStore({ storage: () => storage, now: () => SAVED_AT });
}

describe('the QR codes kept on the device for offline', () => {
  it('reads back what was saved for the account, with when', () => {
    const store = storeOver(memoryStorage());
    store.save('u1', [ada]);
    expect(store.read('u1')).toEqual({ userId: 'u1', savedAt: '2026-03-02T10:00:00.000Z', cards: [ada] });
  });

  it("keeps a card's public fields only, whatever else the card carried", () => {
    const storage = memoryStorage();
    const profile = {
      ...ada,
      contact: { email: 'ada@example.com', phoneNumber: '+44 20 7946 0000' },
      published: true,
      visits: 42,
    };
    storeOver(storage).save('u1', [profile]);
    const kept = JSON.parse(storage.getItem(OFFLINE_QR_CODES_KEY) ?? 'null') as { cards: object[] };
    expect(kept.cards).toEqual([ada]);
    expect(storage.getItem(OFFLINE_QR_CODES_KEY)).not.toContain('ada@example.com');
  });

  it("never shows one account's codes to another signed in on the same device", () => {
    const store = storeOver(memoryStorage());
    store.save('u1', [ada]);
    expect(store.read('u2')).toBeNull();
    // and leaves them for their owner
    expect(store.read('u1')?.cards).toEqual([ada]);
  });

  it('replaces the saved codes with the newest', () => {
    const store = storeOver(memoryStorage());
    store.save('u1', [ada]);
    store.save('u1', []);
    expect(store.read('u1')?.cards).toEqual([]);
  });

  it('forgets them when cleared', () => {
    const storage = memoryStorage();
    const store = storeOver(storage);
    store.save('u1', [ada]);
    store.clear();
    expect(storage.getItem(OFFLINE_QR_CODES_KEY)).toBeNull();
    expect(store.read('u1')).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['no owner', JSON.stringify({ savedAt: '2026-03-02T10:00:00.000Z', cards: [ada] })],
    [
      'a code that is no image',
      JSON.stringify({
        userId: 'u1',
        savedAt: '2026-03-02',
        cards: [{ ...ada, qrCode: 'javascript:alert(1)' }],
      }),
    ],
    [
      'a link that is no web address',
      JSON.stringify({
        userId: 'u1',
        savedAt: '2026-03-02',
        cards: [{ ...ada, link: 'javascript:alert(1)' }],
      }),
    ],
    ['no date', JSON.stringify({ userId: 'u1', savedAt: 'yesterday', cards: [ada] })],
  ])('drops a saved copy with %s, and reads none', (_, raw) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = memoryStorage({ [OFFLINE_QR_CODES_KEY]: raw });
    expect(storeOver(storage).read('u1')).toBeNull();
    expect(storage.getItem(OFFLINE_QR_CODES_KEY)).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('works, saving nothing, where the browser refuses storage', () => {
    const store = new OfflineQrCodeStore({ storage: () => null });
    expect(store.save('u1', [ada]).cards).toEqual([ada]);
    expect(store.read('u1')).toBeNull();
    expect(() => store.clear()).not.toThrow();
  });
});

describe("a card's public address", () => {
  it('is /u/{handle} on the public base URL, a trailing slash or not', () => {
    expect(publicCardUrl('https://cards.example', 'ada')).toBe('https://cards.example/u/ada');
    expect(publicCardUrl('https://cards.example/', 'ada')).toBe('https://cards.example/u/ada');
  });

  it('escapes a handle as a path segment', () => {
    expect(publicCardUrl('https://cards.example', 'a b')).toBe('https://cards.example/u/a%20b');
  });
});
