import { act, renderHook } from '@testing-library/react';
import type { QrDesign } from './get-profile-qr';
import { useQrDownload } from './use-qr-download';

const designProfileQr = jest.fn();
jest.mock('./get-profile-qr', () => ({
  designProfileQr: (...args: unknown[]) => designProfileQr(...args),
}));
const saved: { blob: Blob; name: string }[] = [];
jest.mock('@/lib/api-client', () => ({
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
  normalizeError: (error: Error) => ({ message: error.message }),
}));
const toasts: { title: string; description?: string }[] = [];
jest.mock('@/components/ui/toast', () => ({
  toast: (toast: { title: string; description?: string }) => toasts.push(toast),
}));

const design: QrDesign = {
  format: 'svg',
  width: 512,
  foreground: '#18181b',
  background: '#ffffff',
  logo: 'none',
  logoDataUrl: null,
};

describe('useQrDownload', () => {
  beforeEach(() => {
    designProfileQr.mockReset();
    saved.length = 0;
    toasts.length = 0;
  });

  it('saves the PNG named with its width, says so, and is ready for the next', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    let answer: (blob: Blob) => void = () => {};
    designProfileQr.mockReturnValue(new Promise<Blob>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useQrDownload({ id: 'p1', handle: 'ada' }, design));

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.download('png');
    });
    expect(result.current.downloading).toBe('png');
    await act(async () => {
      answer(png);
      await done;
    });
    expect(saved).toEqual([{ blob: png, name: 'qr-ada-512.png' }]);
    expect(toasts.map((t) => t.title)).toEqual(['QR Code downloaded']);
    expect(result.current.downloading).toBeNull();
  });

  it('says why a download failed, and saves nothing', async () => {
    designProfileQr.mockRejectedValue(new Error('Too many requests'));
    const { result } = renderHook(() => useQrDownload({ id: 'p1', handle: 'ada' }, design));
    await act(() => result.current.download('svg'));
    expect(saved).toEqual([]);
    expect(toasts).toEqual([
      expect.objectContaining({ title: 'Failed to download QR code', description: 'Too many requests' }),
    ]);
    expect(result.current.downloading).toBeNull();
  });
});
